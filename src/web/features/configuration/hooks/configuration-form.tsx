import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { configurationBody, type Configuration } from '../../../../shared/api/configuration';
import { toast } from '@/components/ui/use-toast';
import { browserStorage, type KeyValueStorage } from '@/lib/browser-storage';
import { getErrorMessage, parseApiError } from '@/lib/error-message';
import { firstErrorPerField, validateForm, type FieldMessages } from '@/lib/form-errors';
import { useConfiguration } from '../api/get-configuration';
import { defaultTemplateQueryOptions, useDefaultTemplate } from '../api/get-default-template';
import { useSaveConfiguration, type SaveMethod } from '../api/save-configuration';
import {
  toConfigurationPayload,
  toFormValues,
  type ConfigurationCredentials,
  type ConfigurationFormField,
  type ConfigurationFormValues,
} from '../utils/configuration-form-values';
import { editDraft, hasUnsavedChanges, settleDraftAfterSave, type FormDraft } from '../utils/form-draft';
import { clearFormState, readFormState, saveFormState } from '../utils/form-state-storage';
import type { GroupSelection } from '../utils/group-selection';

export interface ConfigurationFormContextValue {
  /** The saved configuration; undefined while loading or after a failed load. */
  configuration: Configuration | undefined;
  loadError: Error | null;
  retryLoad: () => void;
  /** What the form shows: unsaved edits, else the saved configuration; null while loading. */
  values: ConfigurationFormValues | null;
  errors: FieldMessages;
  hasUnsavedChanges: boolean;
  isSaving: boolean;
  setField: <F extends ConfigurationFormField>(field: F, value: ConfigurationFormValues[F]) => void;
  /** Fills in the tenant connection fields (Setup Guide). */
  applyCredentials: (credentials: ConfigurationCredentials) => void;
  /** The Save button: POST of the whole configuration. */
  save: () => void;
  /** A group was added or removed: PUT of the whole configuration with the new lists. */
  saveGroups: (groups: GroupSelection) => void;
  /** Replaces the template with the default one (GET /api/default-template). */
  resetTemplate: () => void;
  isResettingTemplate: boolean;
}

const ConfigurationFormContext = createContext<ConfigurationFormContextValue | null>(null);

/** The element id of a field's control, so validation can move focus to the first invalid one. */
export function configurationFieldId(field: string): string {
  return `configuration-${field}`;
}

const fieldOrder: readonly string[] = [
  'tenantId',
  'azureDirectoryId',
  'applicationId',
  'clientSecret',
  'fromEmail',
  'emailTemplate',
  'checkTime',
  'timeZone',
  'daysBeforeExpiration',
  'weekendProcessing',
  'passwordValidityDays',
  'includeGroups',
  'excludeGroups',
];

function focusFirstInvalid(errors: FieldMessages): void {
  const first = fieldOrder.find((field) => errors[field]);
  if (first) document.getElementById(configurationFieldId(first))?.focus();
}

const saveFailed = (error: unknown) =>
  toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save configuration') });

/**
 * Holds the Configuration tab's form above the dashboard tabs, so edits survive switching tabs
 * and other parts of the dashboard (Setup Guide, Overview's Save button) can act on it. Keyed by
 * organization by its parent: switching organization starts a fresh form.
 */
export function ConfigurationFormProvider({
  organizationId,
  children,
  storage = browserStorage('sessionStorage'),
}: {
  organizationId: string;
  children: ReactNode;
  storage?: KeyValueStorage | null;
}) {
  const queryClient = useQueryClient();
  const { data: configuration, error: loadError, refetch } = useConfiguration();
  const needsDefaultTemplate = configuration !== undefined && configuration.emailTemplate === '';
  const defaultTemplate = useDefaultTemplate({ enabled: needsDefaultTemplate }).data?.template ?? null;
  const saveMutation = useSaveConfiguration();

  const [draft, setDraft] = useState<FormDraft | null>(() => {
    const stored = storage ? readFormState(storage, organizationId, Date.now()) : null;
    return stored ? { values: { ...stored.values, clientSecret: '' }, editedAt: stored.savedAt } : null;
  });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [isResettingTemplate, setResettingTemplate] = useState(false);

  // Spec section 4: the stored form is cleared on mount and written again on the next edit.
  const restoredDraft = useRef(draft);
  useEffect(() => {
    if (storage) clearFormState(storage, organizationId);
  }, [storage, organizationId]);
  useEffect(() => {
    if (!storage || draft === restoredDraft.current) return;
    if (draft === null) clearFormState(storage, organizationId);
    else saveFormState(storage, organizationId, draft.values, draft.editedAt);
  }, [draft, storage, organizationId]);

  const savedValues = useMemo(() => (configuration ? toFormValues(configuration, defaultTemplate) : null), [configuration, defaultTemplate]);
  const values = draft?.values ?? savedValues;

  // Refs keep the callbacks stable while typing; edits build on the latest draft, else the saved values.
  const shown = useRef(values);
  shown.current = values;
  const saved = useRef(savedValues);
  saved.current = savedValues;

  const edit = useCallback((changes: Partial<ConfigurationFormValues>) => {
    setDraft((current) => {
      const base = current?.values ?? saved.current;
      return base ? editDraft(base, changes, Date.now()) : current;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes)) delete next[field];
      return next;
    });
  }, []);

  const submit = useCallback(
    (method: SaveMethod, changes: Partial<ConfigurationFormValues>, onSaved: () => void) => {
      const base = shown.current;
      if (!base || !configuration) return;
      const sentValues = { ...base, ...changes };
      const sentDraft = draft;
      const checked = validateForm(configurationBody, toConfigurationPayload(sentValues, configuration.automationEnabled));
      if (!checked.success) {
        setErrors(checked.fieldErrors);
        focusFirstInvalid(checked.fieldErrors);
        saveFailed(null);
        return;
      }
      saveMutation.mutate(
        { method, body: checked.data },
        {
          onSuccess: (saved) => {
            setDraft((current) => settleDraftAfterSave(current, { draft: sentDraft, values: sentValues }, saved));
            setErrors({});
            onSaved();
          },
          onError: (error) => {
            const fieldErrors = firstErrorPerField(parseApiError(error).fieldErrors);
            setErrors(fieldErrors);
            focusFirstInvalid(fieldErrors);
            saveFailed(error);
          },
        },
      );
    },
    [configuration, draft, saveMutation],
  );

  const resetTemplate = useCallback(() => {
    setResettingTemplate(true);
    queryClient
      .fetchQuery({ ...defaultTemplateQueryOptions, staleTime: 0 })
      .then(({ template }) => {
        edit({ emailTemplate: template });
        toast({ title: 'Template Reset', description: 'Email template has been reset to default with rich text formatting.' });
      })
      .catch((error: unknown) => {
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to reset template.') });
      })
      .finally(() => setResettingTemplate(false));
  }, [queryClient, edit]);

  const value = useMemo<ConfigurationFormContextValue>(
    () => ({
      configuration,
      loadError,
      retryLoad: () => void refetch(),
      values,
      errors,
      hasUnsavedChanges: values !== null && savedValues !== null && hasUnsavedChanges(values, savedValues),
      isSaving: saveMutation.isPending,
      setField: (field, fieldValue) => edit({ [field]: fieldValue }),
      applyCredentials: (credentials) => edit(credentials),
      save: () => submit('POST', {}, () => toast({ title: 'Configuration saved successfully' })),
      saveGroups: (groups) => submit('PUT', groups, () => toast({ title: 'Configuration saved successfully' })),
      resetTemplate,
      isResettingTemplate,
    }),
    [configuration, loadError, refetch, values, errors, savedValues, saveMutation.isPending, edit, submit, resetTemplate, isResettingTemplate],
  );

  return <ConfigurationFormContext value={value}>{children}</ConfigurationFormContext>;
}

export function useConfigurationForm(): ConfigurationFormContextValue {
  const context = useContext(ConfigurationFormContext);
  if (!context) throw new Error('useConfigurationForm must be used within a ConfigurationFormProvider');
  return context;
}
