import { z } from 'zod';
import { PASSWORD_VALIDITY_DAYS_RANGE } from '../domain/configuration-defaults.js';
import type { ExpiryReason } from '../domain/password-expiry.js';
import { configurationMessages as messages } from '../domain/validation-messages.js';
import { guid } from './guid.js';

const securityGroupSchema = z.object({ id: z.string(), displayName: z.string() });
export type SecurityGroup = z.infer<typeof securityGroupSchema>;

/** GET /api/security-groups: the tenant's security groups, by display name. */
export const listSecurityGroupsResponse = z.array(securityGroupSchema);

const MAX_GROUPS_PER_LIST = 100;

/**
 * includeGroups / excludeGroups: group object ids, lower-cased and without repeats. Each id
 * becomes a segment of a Graph URL, so only a GUID is accepted; each group is read from Graph on
 * every check, so a list is bounded.
 */
export const groupIdList = z
  .array(guid(messages.groupIdInvalid), { error: 'Groups must be a list of group ids' })
  .max(MAX_GROUPS_PER_LIST, `At most ${MAX_GROUPS_PER_LIST} groups can be selected`)
  .default([])
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** A group cannot be in both lists (docs/product.md §Validation), reported on both fields. */
export function refineGroupListsDisjoint(body: { includeGroups: string[]; excludeGroups: string[] }, context: z.RefinementCtx): void {
  const excluded = new Set(body.excludeGroups);
  if (!body.includeGroups.some((id) => excluded.has(id))) return;
  context.addIssue({ code: 'custom', path: ['includeGroups'], message: messages.groupInBothLists });
  context.addIssue({ code: 'custom', path: ['excludeGroups'], message: messages.groupInBothLists });
}

/**
 * POST /api/preview-group-users: who the given (possibly unsaved) filters select, with the
 * validity fallback given; the saved configuration supplies credentials and time zone.
 */
export const previewGroupUsersBody = z
  .object({
    includeGroups: groupIdList,
    excludeGroups: groupIdList,
    passwordValidityDays: z
      .number({ error: messages.passwordValidityDaysRange })
      .int(messages.passwordValidityDaysRange)
      .min(PASSWORD_VALIDITY_DAYS_RANGE.min, messages.passwordValidityDaysRange)
      .max(PASSWORD_VALIDITY_DAYS_RANGE.max, messages.passwordValidityDaysRange)
      .optional(),
  })
  .superRefine(refineGroupListsDisjoint);
export type PreviewGroupUsersBody = z.infer<typeof previewGroupUsersBody>;

const EXPIRY_REASONS = [
  'domain_policy',
  'organization_default',
  'never_expires_user_policy',
  'never_expires_domain_policy',
  'federated',
  'managed_on_premises',
  'disabled',
  'guest',
  'not_applicable',
  'on_premises_domain_policy',
  'on_premises_pso',
  'on_premises_estimated',
  'on_premises_never_expires',
  'on_premises_must_change',
  'on_premises_changed',
] as const satisfies readonly ExpiryReason[];
export const expiryReasonSchema = z.enum(EXPIRY_REASONS);

const previewUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** `mail`, or the user principal name when the user has none. */
  email: z.string(),
  /** ISO 8601; null: no date (see expiryReason). */
  passwordExpiryDate: z.string().nullable(),
  /** Calendar days in the organization's time zone; null when there is no date. */
  daysUntilExpiry: z.number().nullable(),
  /** Where the date came from, or why there is none; label it with expiryReasonLabel(). */
  expiryReason: expiryReasonSchema,
  /** Validity the date was computed with (domain policy or organization default). */
  validityDays: z.number().nullable(),
  /** What the reason refers to (on-premises: the PSO, the AD domain, "connector silent since ..."); null: nothing more. */
  expirySource: z.string().nullable(),
});
export type PreviewUser = z.infer<typeof previewUserSchema>;

const previewStatsSchema = z.object({
  /** Every user the directory returned. */
  totalUsers: z.number(),
  /** Enabled users the group filters select: the ones reminders are for. */
  filteredUsers: z.number(),
  /** Users the group filters select but whose account is disabled (no mail). */
  disabledUsers: z.number(),
  /** Of filteredUsers: with an expiry date. */
  usersWithExpiryDate: z.number(),
  /** Of filteredUsers: whose date has passed (daysUntilExpiry < 0). */
  expiredUsers: z.number(),
  /** Of filteredUsers: without a date (never expires, federated, on-premises, guest, no change date). */
  usersWithoutExpiryDate: z.number(),
  /** How many users the reply lists (at most PREVIEW_USER_LIMIT). */
  listedUsers: z.number(),
});
export type PreviewStats = z.infer<typeof previewStatsSchema>;

/** At most this many users are listed; the stats count all. */
export const PREVIEW_USER_LIMIT = 500;

/** The filtered users: still to expire soonest first, then expired most recent first, those without a date last. */
export const previewGroupUsersResponse = z.object({
  users: z.array(previewUserSchema),
  stats: previewStatsSchema,
});
export type PreviewGroupUsersResult = z.infer<typeof previewGroupUsersResponse>;
