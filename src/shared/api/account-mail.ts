import { z } from 'zod';
import { text } from './text-fields.js';

/** GET /api/account-mail/status: whether this server sends account mail at all (SMTP configured, or demo mode's sink). */
export const accountMailStatusResponse = z.object({ enabled: z.boolean() });
export type AccountMailStatus = z.infer<typeof accountMailStatusResponse>;

/** POST /api/demo/weekly-report (demo mode): how many mails of today's report were queued; 0 when no member wants it or it went out today. */
export const weeklyReportNowResponse = z.object({ queued: z.number() });
export type WeeklyReportNow = z.infer<typeof weeklyReportNowResponse>;

export const helpdeskDigestMessages = {
  invalidAddress: 'Enter a valid helpdesk email address',
  saved: 'Helpdesk digest saved',
} as const;

/** GET/PUT /api/helpdesk-digest: the organization's helpdesk address for the daily digest; null: no digest. */
export const helpdeskDigestSchema = z.object({ address: z.email({ error: helpdeskDigestMessages.invalidAddress }).max(320).nullable() });
export type HelpdeskDigest = z.infer<typeof helpdeskDigestSchema>;
export const helpdeskDigestBody = z.object({
  address: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value),
    z.email({ error: helpdeskDigestMessages.invalidAddress }).max(320, helpdeskDigestMessages.invalidAddress).nullable(),
  ),
});

const announcementMessages = {
  titleRequired: 'Enter a title',
  bodyRequired: 'Enter the announcement',
} as const;

/** POST /api/admin/announcements: a system update mailed to every user with System Updates on. */
export const announcementBody = z.object({
  title: text(announcementMessages.titleRequired)
    .trim()
    .min(1, announcementMessages.titleRequired)
    .max(150)
    .refine((value) => !/[\r\n]/.test(value), 'The title must be one line'),
  body: text(announcementMessages.bodyRequired).trim().min(1, announcementMessages.bodyRequired).max(5_000),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;

export const announcementSchema = z.object({ id: z.string(), title: z.string(), body: z.string(), recipients: z.number(), createdAt: z.string() });
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsResponse = z.array(announcementSchema);
