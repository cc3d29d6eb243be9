import { z } from 'zod';
import { expiryReasonSchema } from './directory.js';
import { pageQueryFields, sortQueryFields } from './paging.js';
import { nameText, text } from './text-fields.js';

const PASSWORD_EXPIRATIONS_SEARCH_MAX_LENGTH = 200;

/** Texts for the send calls (the first is in docs/product.md §Messages) and the users table's query. */
export const notificationMessages = {
  testEmailRequired: 'Please enter a test email address',
  testEmailInvalid: 'Please enter a valid email address',
  userIdRequired: 'A user is required',
  emailSent: 'Email sent successfully',
  userNotInLatestCheck: 'This user is not in the latest password check. Run a check and try again.',
  subscriptionRequired: 'An active subscription is required',
  searchTooLong: `The search can be at most ${PASSWORD_EXPIRATIONS_SEARCH_MAX_LENGTH} characters`,
  filterInvalid: 'The filter must be one of: expiring_soon, expired, no_date, all',
} as const;

/** GET /api/default-template: the template "reset" restores (HTML, with {{variables}}). */
export const defaultTemplateResponse = z.object({ template: z.string() });
export type DefaultTemplateResponse = z.infer<typeof defaultTemplateResponse>;

/** POST /api/send-test-email: the configured template with sample values (5 days remaining) to `email`. */
export const sendTestEmailBody = z.object({
  email: z
    .string({ error: notificationMessages.testEmailRequired })
    .trim()
    .min(1, notificationMessages.testEmailRequired)
    .pipe(z.email(notificationMessages.testEmailInvalid)),
});
export type SendTestEmailBody = z.infer<typeof sendTestEmailBody>;

/**
 * POST /api/send-manual-email, from a users-table row. The server sends to the address and with
 * the values of its own record of `userId` (the latest check); the rest is what the row showed.
 */
export const sendManualEmailBody = z.object({
  userId: text(notificationMessages.userIdRequired).trim().min(1, notificationMessages.userIdRequired),
  userEmail: text().optional(),
  displayName: nameText('Display name').optional(),
  daysRemaining: z.number().optional(),
  /** A locale date as the table showed it, e.g. '3/20/2025'. */
  expirationDate: text().optional(),
});
export type SendManualEmailBody = z.infer<typeof sendManualEmailBody>;

/**
 * Both send calls. `sent`: Graph accepted it. `queued`: it waits and goes out automatically;
 * `message` says why (the mailbox's limit, Graph throttling, an outage).
 */
export const sendEmailResponse = z.object({
  status: z.enum(['sent', 'queued']),
  message: z.string(),
});
export type SendEmailResponse = z.infer<typeof sendEmailResponse>;

const passwordExpirationStatusSchema = z.enum(['notified', 'expired', 'pending']);
export type PasswordExpirationStatus = z.infer<typeof passwordExpirationStatusSchema>;

/** Where a mail to a user stands: waiting, being handed to Graph, accepted, refused, or held back by the mailbox's limit. */
export const EMAIL_DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed', 'deferred'] as const;
const emailDeliverySchema = z.object({
  state: z.enum(EMAIL_DELIVERY_STATES),
  /** Why it failed or waits, as the audit log says it; null when nothing went wrong. */
  error: z.string().nullable(),
  /** Graph's or Entra's error code with it ('ErrorAccessDenied', 'http_503'); null when none. */
  errorCode: z.string().nullable(),
  /** ISO 8601: when the mail was planned. */
  createdAt: z.string(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

/** One row of GET /api/password-expirations (docs/product.md §Fields). */
const passwordExpirationRecordSchema = z.object({
  id: z.string(),
  /** The Entra user's object id. */
  userId: z.string(),
  userEmail: z.string(),
  userDisplayName: z.string(),
  /** Graph's preferredLanguage ('de-DE'); null when the directory has none (the organization's default language applies). */
  preferredLanguage: z.string().nullable(),
  /** ISO 8601; null when the password has no date (see expiryReason). */
  passwordExpiryDate: z.string().nullable(),
  /** Calendar days in the organization's time zone; negative once expired; null with no date. */
  daysUntilExpiry: z.number().nullable(),
  /** Where the date came from, or why there is none; label it with expiryReasonLabel(). */
  expiryReason: expiryReasonSchema,
  /** The validity the date was computed with; null with no date. */
  validityDays: z.number().nullable(),
  /** What the reason refers to (on-premises: the PSO, the AD domain, "connector silent since ..."); null: nothing more. */
  expirySource: z.string().nullable(),
  /** ISO 8601 of the reminder for this expiry, or null. */
  lastNotified: z.string().nullable(),
  status: passwordExpirationStatusSchema,
  /** False when the directory has no mailbox address for the user: reminders cannot reach them. */
  reachable: z.boolean(),
  /** The latest reminder (scheduled or sent from the row) to this user; null when none was ever planned. */
  latestReminder: emailDeliverySchema.nullable(),
});
export type PasswordExpirationRecord = z.infer<typeof passwordExpirationRecordSchema>;

/**
 * Which of the latest check's users the table shows. `expiring_soon`: the expiry day is today or
 * later (the Expiring Soon card counts the same days, up to the reminder window); `expired`: it
 * has passed; `no_date`: the password never expires, is managed by federation or on-premises, or
 * has no change date; `all`: everyone.
 */
const PASSWORD_EXPIRATION_FILTERS = ['expiring_soon', 'expired', 'no_date', 'all'] as const;
export type PasswordExpirationFilter = (typeof PASSWORD_EXPIRATION_FILTERS)[number];

/** Sortable columns. `expiry`: a password with no date sorts as the farthest; `last_notified`: never sorts as the earliest. */
const PASSWORD_EXPIRATION_SORTS = ['expiry', 'name', 'email', 'last_notified'] as const;
export type PasswordExpirationSort = (typeof PASSWORD_EXPIRATION_SORTS)[number];

/**
 * GET /api/password-expirations?filter=&sort=&direction=&search=&page=&pageSize= : the latest
 * check's users, a page at a time; by default those expiring soon, soonest first. `search` (docs/product.md §Users table)
 * keeps users whose display name or email contains it, ignoring case; blank means everyone.
 */
export const passwordExpirationsQuery = z.object({
  ...pageQueryFields,
  ...sortQueryFields(PASSWORD_EXPIRATION_SORTS, 'expiry'),
  filter: z.enum(PASSWORD_EXPIRATION_FILTERS, { error: notificationMessages.filterInvalid }).default('expiring_soon'),
  search: text().trim().max(PASSWORD_EXPIRATIONS_SEARCH_MAX_LENGTH, notificationMessages.searchTooLong).optional(),
});
export type PasswordExpirationsQuery = z.infer<typeof passwordExpirationsQuery>;

/**
 * GET /api/password-expirations/export?filter=&sort=&direction=&search= : the users table as CSV,
 * every user under the filter and search (not one page), in the table's order; at most
 * USERS_EXPORT_LIMIT rows.
 */
export const passwordExpirationsExportQuery = passwordExpirationsQuery.omit({ page: true, pageSize: true });
export type PasswordExpirationsExportQuery = z.infer<typeof passwordExpirationsExportQuery>;
export const USERS_EXPORT_LIMIT = 100_000;

/** users-expiring-soon-2026-11-27.csv: the filter and the organization's day it was taken on. */
export function usersExportFileName(filter: PasswordExpirationFilter, day: string): string {
  return `users-${filter.replace('_', '-')}-${day}.csv`;
}
export const passwordExpirationsPage = z.object({
  records: z.array(passwordExpirationRecordSchema),
  /** How many users match the filter and the search. */
  total: z.number(),
  /** How many match the search under each filter (the filter buttons' counts). */
  counts: z.object({ expiring_soon: z.number(), expired: z.number(), no_date: z.number(), all: z.number() }),
  page: z.number(),
  pageSize: z.number(),
});
export type PasswordExpirationsPage = z.infer<typeof passwordExpirationsPage>;
