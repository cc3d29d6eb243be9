import type { Configuration } from '../../../../shared/api/configuration';
import type { ConfigurationFormValues } from './configuration-form-values';

/**
 * Unsaved edits. Without a draft the form shows the saved configuration; with one, the draft.
 * A new draft object is made on every edit, so "unchanged since" is an identity check.
 */
export interface FormDraft {
  values: ConfigurationFormValues;
  /** When it was last edited (ms since the epoch). */
  editedAt: number;
}

/** Applies edits on top of what the form shows now. */
export function editDraft(shown: ConfigurationFormValues, changes: Partial<ConfigurationFormValues>, now: number): FormDraft {
  return { values: { ...shown, ...changes }, editedAt: now };
}

/**
 * The draft after a save succeeded. Nothing edited while the request ran: no draft, the form
 * follows the saved configuration. Edited meanwhile: those edits stay, but the groups are the
 * saved ones (a group change saves at once) and a secret that was just sent is not sent again.
 */
export function settleDraftAfterSave(
  current: FormDraft | null,
  sent: { draft: FormDraft | null; values: ConfigurationFormValues },
  saved: Configuration,
): FormDraft | null {
  if (current === null || current === sent.draft) return null;
  return {
    ...current,
    values: {
      ...current.values,
      includeGroups: [...saved.includeGroups],
      excludeGroups: [...saved.excludeGroups],
      clientSecret: current.values.clientSecret === sent.values.clientSecret ? '' : current.values.clientSecret,
    },
  };
}

/** Field-by-field comparison: whether the form differs from the saved configuration. */
export function hasUnsavedChanges(shown: ConfigurationFormValues, saved: ConfigurationFormValues): boolean {
  return (Object.keys(shown) as (keyof ConfigurationFormValues)[]).some((field) => {
    const a = shown[field];
    const b = saved[field];
    return Array.isArray(a) && Array.isArray(b) ? a.join('\n') !== b.join('\n') : a !== b;
  });
}
