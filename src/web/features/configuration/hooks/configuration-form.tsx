import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONFIGURATION_FIELD_ORDER, configurationBody, type Configuration, type ConfigurationBody } from '../../../../shared/api/configuration';
import { fromWire } from '../../../../shared/api/entra-tenant-wire-name';
import { toast } from '@/components/ui/use-toast';
import { browserStorage, type KeyValueStorage } from '@/lib/browser-storage';
import { configurationQueryKey, defaultTemplateQueryOptions } from '@/lib/configuration-queries';
import { getErrorMessage } from '@/lib/error-message';
import { serverFieldMessages, validateForm, type FieldMessages } from '@/lib/form-errors';
import { useConfiguration } from '../api/get-configuration';
import { needsDefaultTemplate, useDefaultTemplate } from '../api/get-default-template';
import { useSaveConfiguration } from '../api/save-configuration';
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
import { createLatestSaveQueue } from '../utils/latest-save-queue';

export interface ConfigurationFormContextValue {
  /** The saved configuration; undefined while loading or after a failed load. */
  configuration: Configuration | undefined;
  loadError: Error | null;
  retryLoad: () => void;
  /** What the form shows: unsaved edits, else the saved configuration; null while loading. */
  values: ConfigurationFormValues | null;
  errors: FieldMessages;
  hasUnsavedChanges: boolean;
  /** A save is running or waiting (the Save button waits for it). */
  isSaving: boolean;
  /** False only while the Save button's save runs: group changes made during a group save queue up. */
  canChangeGroups: boolean;
  setField: <F extends ConfigurationFormField>(field: F, value: ConfigurationFormValues[F]) => void;
  /** Fills in the tenant connection fields (Setup Guide). */
  applyCredentials: (credentials: ConfigurationCredentials) => void;
  /** The Save button: POST of the whole configuration. */
  save: () => void;
  /**
   * A group was added or removed: PUT of the saved configuration with the new lists. Other
   * unsaved edits are not sent: they stay in the form until Save Configuration. The lists show
   * at once; a change made while one saves is sent after it, never dropped (latest-save-queue.ts).
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

/** A group change the form refused before sending (its message is already shown). */
class GroupSaveRefused extends Error {}

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
  const defaultTemplate = useDefaultTemplate({ enabled: needsDefaultTemplate(configuration) }).data?.template ?? null;
  const saveMutation = useSaveConfiguration();
  // The group lists as last chosen, shown while their saves run or wait; null when none does.
  const [wantedGroups, setWantedGroups] = useState<GroupSelection | null>(null);

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
  const formValues = draft?.values ?? savedValues;
  const values = useMemo(() => (formValues && wantedGroups ? { ...formValues, ...wantedGroups } : formValues), [formValues, wantedGroups]);

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
  /** The body to send for `sentValues`, or null after showing what is wrong with them. */
  const checkedBody = useCallback(
    (sentValues: ConfigurationFormValues, savedConfiguration: Configuration): ConfigurationBody | null => {
      const checked = validateForm(configurationBody, toConfigurationPayload(sentValues, savedConfiguration.automationEnabled));
      const expiryProblem = expiryFieldProblem(sentValues, savedConfiguration, organizationToday(sentValues.timeZone, Date.now()));
      if (checked.success && !expiryProblem) return checked.data;
      const expiryErrors: FieldMessages = expiryProblem ? { clientSecretExpiresAt: expiryProblem } : {};
      refuse({ ...expiryErrors, ...(checked.success ? {} : fromWire(checked.fieldErrors)) }, null);
      return null;
    },
    [refuse],
  );

  /** The Save button: the whole form on top of the saved configuration. */
  const submit = useCallback(() => {
    const sentValues = shown.current;
    if (!sentValues || !configuration) return;
    const sentDraft = draft;
    const body = checkedBody(sentValues, configuration);
    if (!body) return;
    saveMutation.mutate(
      { method: 'POST', body },
      {
        onSuccess: (saved) => {
          setDraft((current) => settleDraftAfterSave(current, { draft: sentDraft, values: sentValues }, saved));
          setErrors({});
          toast({ title: 'Configuration saved successfully' });
        },
        onError: (error) => refuse(fromWire(serverFieldMessages(error)), error),
      },
    );
  }, [configuration, draft, saveMutation, refuse, checkedBody]);

  // A group change goes on top of the configuration as last saved (the previous group save's answer
  // included), so it carries no other unsaved edit along and loses no earlier group change.
  const groupSaving = useRef({ saveMutation, checkedBody, refuse, defaultTemplate, configuration });
  groupSaving.current = { saveMutation, checkedBody, refuse, defaultTemplate, configuration };
  const [groupQueue] = useState(() =>
    createLatestSaveQueue<GroupSelection>({
      send: async (groups) => {
        const current = groupSaving.current;
        const latest = queryClient.getQueryData<Configuration>(configurationQueryKey) ?? current.configuration;
        if (!latest) return;
        const sentValues = { ...toFormValues(latest, current.defaultTemplate), ...groups };
        const body = current.checkedBody(sentValues, latest);
        if (!body) throw new GroupSaveRefused();
        const savedConfiguration = await current.saveMutation.mutateAsync({ method: 'PUT', body });
        setDraft((draftNow) => settleDraftAfterSave(draftNow, { draft: null, values: sentValues }, savedConfiguration));
        setErrors({});
        toast({ title: 'Configuration saved successfully' });
      },
      onFailure: (error) => {
        if (!(error instanceof GroupSaveRefused)) groupSaving.current.refuse(fromWire(serverFieldMessages(error)), error);
      },
      onIdle: () => setWantedGroups(null),
    }),
  );
  const saveGroups = useCallback(
    (groups: GroupSelection) => {
      setWantedGroups(groups);
      groupQueue.enqueue(groups);
    },
    [groupQueue],
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
      isSaving: saveMutation.isPending || wantedGroups !== null,
      canChangeGroups: !saveMutation.isPending || wantedGroups !== null,
      setField: (field, fieldValue) => edit({ [field]: fieldValue }),
      applyCredentials: (credentials) => edit(credentials),
      save: submit,
      saveGroups,
      resetTemplate,
      isResettingTemplate,
    }),
    [
      configuration,
      loadError,
      refetch,
      values,
      errors,
      savedValues,
      saveMutation.isPending,
      wantedGroups,
      edit,
      submit,
      saveGroups,
      resetTemplate,
      isResettingTemplate,
    ],
  );

  return <ConfigurationFormContext value={value}>{children}</ConfigurationFormContext>;
}

export function useConfigurationForm(): ConfigurationFormContextValue {
  const context = useContext(ConfigurationFormContext);
  if (!context) throw new Error('useConfigurationForm must be used within a ConfigurationFormProvider');
  return context;
}
