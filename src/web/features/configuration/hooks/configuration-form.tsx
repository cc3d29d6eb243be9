import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONFIGURATION_FIELD_ORDER, configurationBody, type Configuration } from '../../../../shared/api/configuration';
import { fromWire } from '../../../../shared/api/entra-tenant-wire-name';
import { toast } from '@/components/ui/use-toast';
import { browserStorage, type KeyValueStorage } from '@/lib/browser-storage';
import { defaultTemplateQueryOptions } from '@/lib/configuration-queries';
import { getErrorMessage } from '@/lib/error-message';
import { serverFieldMessages, validateForm, type FieldMessages } from '@/lib/form-errors';
import { useConfiguration } from '../api/get-configuration';
import { useDefaultTemplate } from '../api/get-default-template';
import { useSaveConfiguration, type SaveMethod } from '../api/save-configuration';
import {
  toConfigurationPayload,
  toFormValues,
  type ConfigurationCredentials,
  type ConfigurationFormField,
  type ConfigurationFormValues,
} from '../utils/configuration-form-values';
import { expiryFieldProblem, organizationToday, withSuggestedExpiry } from '../utils/client-secret-expiry-field';
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
  /**
   * A group was added or removed: PUT of the saved configuration with the new lists. Other
   * unsaved edits are not sent: they stay in the form until Save Configuration.
   */
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

/** The first invalid field in the contract's order, the order the Configuration tab shows them in. */
function firstInvalidField(errors: FieldMessages): string | undefined {
  return CONFIGURATION_FIELD_ORDER.find((field) => errors[field]);
}

/**
 * The save failure toast names what is wrong: Save also sits on the Overview, away from the
 * fields, where a bare "Failed to save configuration" leaves the admin guessing.
 */
function saveFailed(errors: FieldMessages, error: unknown): void {
  const field = firstInvalidField(errors);
  const description = field ? `Failed to save configuration: ${errors[field]}.` : getErrorMessage(error, 'Failed to save configuration');
  toast({ variant: 'destructive', title: 'Error', description });
}

// The field's control may not exist yet (its tab just opened, the template editor loads in its own
// chunk): look for it on each frame for this long before giving up.
const FOCUS_ATTEMPT_FRAMES = 300;

/** Moves focus to a field once its control is on the page. */
function useFocusWhenShown(request: { field: string } | null): void {
  useEffect(() => {
    if (!request) return;
    let frame = 0;
    let attempts = 0;
    const attempt = () => {
      const control = document.getElementById(configurationFieldId(request.field));
      if (control) {
        control.focus();
        control.scrollIntoView?.({ block: 'center' });
      } else if (++attempts < FOCUS_ATTEMPT_FRAMES) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [request]);
}

/**
 * Holds the Configuration tab's form above the dashboard tabs, so edits survive switching tabs
 * and other parts of the dashboard (Setup Guide, Overview's Save button) can act on it. Keyed by
 * organization by its parent: switching organization starts a fresh form.
 */
export function ConfigurationFormProvider({
  organizationId,
  children,
  storage = browserStorage('sessionStorage'),
  onShowInvalidField,
}: {
  organizationId: string;
  children: ReactNode;
  storage?: KeyValueStorage | null;
  /** A save was refused over a field: bring the Configuration tab up so the field can take focus. */
  onShowInvalidField?: () => void;
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
  // A new object per refusal, so the same field is focused again on the next one.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  useFocusWhenShown(focusRequest);
  const showInvalid = useRef(onShowInvalidField);
  showInvalid.current = onShowInvalidField;

  // docs/product.md §States (draft form): the stored form is cleared on mount and written again on the next edit.
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
      if (!base) return current;
      const now = Date.now();
      return editDraft(base, withSuggestedExpiry(base, saved.current, changes, organizationToday(base.timeZone, now)), now);
    });
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes)) delete next[field];
      return next;
    });
  }, []);

  const refuse = useCallback((fieldErrors: FieldMessages, error: unknown) => {
    setErrors(fieldErrors);
    const field = firstInvalidField(fieldErrors);
    if (field) {
      showInvalid.current?.();
      setFocusRequest({ field });
    }
    saveFailed(fieldErrors, error);
  }, []);

  /**
   * Saves `changes` on top of what the form shows (`from: 'form'`, the Save button) or on top of
   * the saved configuration (`from: 'saved'`, a group change, which must not carry other unsaved
   * edits along with it).
   */
  const submit = useCallback(
    (method: SaveMethod, from: 'form' | 'saved', changes: Partial<ConfigurationFormValues>, onSaved: () => void) => {
      const base = from === 'form' ? shown.current : saved.current;
      if (!base || !configuration) return;
      const sentValues = { ...base, ...changes };
      const sentDraft = from === 'form' ? draft : null;
      const checked = validateForm(configurationBody, toConfigurationPayload(sentValues, configuration.automationEnabled));
      const expiryProblem = expiryFieldProblem(sentValues, configuration, organizationToday(sentValues.timeZone, Date.now()));
      if (!checked.success || expiryProblem) {
        const expiryErrors: FieldMessages = expiryProblem ? { clientSecretExpiresAt: expiryProblem } : {};
        refuse({ ...expiryErrors, ...(checked.success ? {} : fromWire(checked.fieldErrors)) }, null);
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
          onError: (error) => refuse(fromWire(serverFieldMessages(error)), error),
        },
      );
    },
    [configuration, draft, saveMutation, refuse],
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
      save: () => submit('POST', 'form', {}, () => toast({ title: 'Configuration saved successfully' })),
      saveGroups: (groups) => submit('PUT', 'saved', groups, () => toast({ title: 'Configuration saved successfully' })),
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
