import { z } from 'zod';
import { pageQueryFields } from './paging.js';
import { nameText, text } from './text-fields.js';

export const PASSWORD_EXPIRATIONS_SEARCH_MAX_LENGTH = 200;

/** Texts for the send calls (the spec names the first) and the users table's query. */
export const notificationMessages = {
  testEmailRequired: 'Please enter a test email address',
  testEmailInvalid: 'Please enter a valid email address',
  userIdRequired: 'A user is required',
  emailSent: 'Email sent successfully',
  userNotInLatestCheck: 'This user is not in the latest password check. Run a check and try again.',
  subscriptionRequired: 'An active subscription is required',
  searchTooLong: `The search can be at most ${PASSWORD_EXPIRATIONS_SEARCH_MAX_LENGTH} characters`,
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
 * Both send calls. `sent`: Graph accepted it. `queued`: the sending mailbox is at its Exchange
 * limit (or Graph asked to wait); it goes out as soon as the limit allows.
 */
export const sendEmailResponse = z.object({
  status: z.enum(['sent', 'queued']),
  message: z.string(),
});
export type SendEmailResponse = z.infer<typeof sendEmailResponse>;

export const passwordExpirationStatusSchema = z.enum(['notified', 'expired', 'pending']);
export type PasswordExpirationStatus = z.infer<typeof passwordExpirationStatusSchema>;

/** One row of GET /api/password-expirations (spec section 3). */
export const passwordExpirationRecordSchema = z.object({
  id: z.string(),
  /** The Entra user's object id. */
  userId: z.string(),
  userEmail: z.string(),
  userDisplayName: z.string(),
  /** ISO 8601. */
  passwordExpiryDate: z.string(),
  /** Calendar days in the organization's time zone; negative once expired. */
  daysUntilExpiry: z.number(),
  /** ISO 8601 of the reminder for this expiry, or null. */
  lastNotified: z.string().nullable(),
  status: passwordExpirationStatusSchema,
  /** False when the directory has no mailbox address for the user: reminders cannot reach them. */
  reachable: z.boolean(),
});
export type PasswordExpirationRecord = z.infer<typeof passwordExpirationRecordSchema>;

/**
 * GET /api/password-expirations?page=&pageSize=&search= : the latest check's users, soonest expiry
 * first, a page at a time. `search` (spec section 2) keeps users whose display name or email
 * contains it, ignoring case; blank means everyone.
 */
export const passwordExpirationsQuery = z.object({
  ...pageQueryFields,
  search: text().trim().max(PASSWORD_EXPIRATIONS_SEARCH_MAX_LENGTH, notificationMessages.searchTooLong).optional(),
});
export const passwordExpirationsPage = z.object({
  records: z.array(passwordExpirationRecordSchema),
  /** How many users match the search (all of the latest check's without one). */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PasswordExpirationsPage = z.infer<typeof passwordExpirationsPage>;
