import { z } from 'zod';
import { readStoredJson, removeStoredItem, writeStoredJson, type KeyValueStorage } from '@/lib/browser-storage';
import { configurationFormValuesSchema, type ConfigurationFormValues } from './configuration-form-values';

/** docs/product.md §States (draft form): unsaved form state survives a reload for 10 minutes. */
export const FORM_STATE_TTL_MS = 10 * 60 * 1000;

/** One entry per organization, so one organization's draft never fills in another's form. */
export function formStateStorageKey(organizationId: string): string {
  return `passwatch.configurationForm.${organizationId}`;
}

type StoredFormValues = z.infer<typeof storedFormStateSchema>['values'];

export interface StoredFormState {
  values: StoredFormValues;
  /** When the user last edited the form (ms since the epoch); the 10 minutes run from here. */
  savedAt: number;
}

// The form's values as the contract derives them, less the secret: a field added to the form is kept too.
const storedFormStateSchema = z.object({
  savedAt: z.number(),
  values: configurationFormValuesSchema.omit({ clientSecret: true }),
});

/**
 * Keeps the form for a reload; the client secret is never written to browser storage. Where
 * session storage is disabled or full the form simply is not kept across reloads.
 */
export function saveFormState(storage: KeyValueStorage, organizationId: string, values: ConfigurationFormValues, savedAt: number): void {
  const { clientSecret: _neverStored, ...storable } = values;
  const entry: StoredFormState = { values: storable, savedAt };
  writeStoredJson(storage, formStateStorageKey(organizationId), entry);
}

export function clearFormState(storage: KeyValueStorage, organizationId: string): void {
  removeStoredItem(storage, formStateStorageKey(organizationId));
}

/**
 * The stored form, if worth restoring: written within the last 10 minutes and naming a tenant.
 * Reading leaves the entry in place; the form clears it once mounted (docs/product.md §States).
 */
export function readFormState(storage: KeyValueStorage, organizationId: string, now: number): StoredFormState | null {
  const stored = readStoredJson(storage, formStateStorageKey(organizationId), storedFormStateSchema);
  if (stored === null) return null;
  const age = now - stored.savedAt;
  if (age < 0 || age > FORM_STATE_TTL_MS) return null;
  if (stored.values.entraTenantId.trim() === '') return null;
  return stored;
}
