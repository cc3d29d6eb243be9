import { onPremisesSettingsBody, type OnPremisesOverview, type OnPremisesSettingsBody } from '../../../../shared/api/on-premises';
import type { FieldMessages } from '@/lib/form-errors';

// The on-premises settings form as typed: numbers stay text until saved, so a half-typed value is
// shown as typed and refused with the server's own message (the same shared schema checks it).

export interface GroupRef {
  groupId: string;
  groupName: string;
}

interface GroupAgeDraft extends GroupRef {
  maxPasswordAgeDays: string;
}

export interface SettingsDraft {
  staleAfterHours: string;
  declared: boolean;
  maxPasswordAgeDays: string;
  /** In order: the first group a user is in decides (docs/product.md §On-premises Active Directory). */
  groupAges: GroupAgeDraft[];
  neverExpiresGroup: GroupRef | null;
}

/** The maximum age a newly switched-on declared policy offers. */
const NEW_POLICY_MAX_AGE_DAYS = 90;

export function draftOf(overview: OnPremisesOverview): SettingsDraft {
  const policy = overview.declaredPolicy;
  return {
    staleAfterHours: String(overview.staleAfterHours),
    declared: policy !== null,
    maxPasswordAgeDays: String(policy?.maxPasswordAgeDays ?? NEW_POLICY_MAX_AGE_DAYS),
    groupAges: (policy?.groupAges ?? []).map((group) => ({ ...group, maxPasswordAgeDays: String(group.maxPasswordAgeDays) })),
    neverExpiresGroup: policy?.neverExpiresGroup ?? null,
  };
}

/** A typed number: '' and anything not a number stay invalid (NaN is refused by the schema). */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/** The body PUT /api/on-premises/settings takes; with the declared policy switched off, none. */
function bodyOf(draft: SettingsDraft): unknown {
  return {
    staleAfterHours: numberOf(draft.staleAfterHours),
    declaredPolicy: draft.declared
      ? {
          maxPasswordAgeDays: numberOf(draft.maxPasswordAgeDays),
          groupAges: draft.groupAges.map((group) => ({ ...group, maxPasswordAgeDays: numberOf(group.maxPasswordAgeDays) })),
          neverExpiresGroup: draft.neverExpiresGroup,
        }
      : null,
  };
}

/**
 * The draft checked with the API's own schema: the body to send, or the first message per field,
 * keyed by the field's path as the server keys its answer ('declaredPolicy.groupAges.0.maxPasswordAgeDays').
 */
export function validateDraft(draft: SettingsDraft): { success: true; body: OnPremisesSettingsBody } | { success: false; fieldErrors: FieldMessages } {
  const result = onPremisesSettingsBody.safeParse(bodyOf(draft));
  if (result.success) return { success: true, body: result.data };
  const fieldErrors: FieldMessages = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    fieldErrors[field] ??= issue.message;
  }
  return { success: false, fieldErrors };
}

/** The draft with one more group age, at the end (it decides after the groups above it). */
export function addGroupAge(draft: SettingsDraft, group: GroupRef): SettingsDraft {
  if (draft.groupAges.some((row) => row.groupId.toLowerCase() === group.groupId.toLowerCase())) return draft;
  return { ...draft, groupAges: [...draft.groupAges, { ...group, maxPasswordAgeDays: draft.maxPasswordAgeDays }] };
}

export function removeGroupAge(draft: SettingsDraft, index: number): SettingsDraft {
  return { ...draft, groupAges: draft.groupAges.filter((_, at) => at !== index) };
}

export function setGroupAgeDays(draft: SettingsDraft, index: number, maxPasswordAgeDays: string): SettingsDraft {
  return { ...draft, groupAges: draft.groupAges.map((row, at) => (at === index ? { ...row, maxPasswordAgeDays } : row)) };
}

/** Swaps a group age with its neighbour above (-1) or below (+1); at either end nothing moves. */
export function moveGroupAge(draft: SettingsDraft, index: number, by: -1 | 1): SettingsDraft {
  const to = index + by;
  if (to < 0 || to >= draft.groupAges.length) return draft;
  const groupAges = [...draft.groupAges];
  [groupAges[index], groupAges[to]] = [groupAges[to]!, groupAges[index]!];
  return { ...draft, groupAges };
}
