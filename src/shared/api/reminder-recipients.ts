import { z } from 'zod';

export const reminderRecipientsMessages = {
  pilotMailboxInvalid: 'The pilot mailbox must be an email address',
  ccManagerInvalid: 'Copy managers must be true or false',
  saved: 'Reminder recipients saved',
} as const;

/**
 * PUT /api/reminder-recipients. `pilotMailbox`: while set, every reminder goes to this one mailbox
 * instead of the user (subject prefixed with the real recipient); null switches pilot mode off.
 * `ccManager`: each user's manager (from the directory) gets a copy; never in pilot mode.
 */
export const reminderRecipientsBody = z.object({
  pilotMailbox: z
    .string({ error: reminderRecipientsMessages.pilotMailboxInvalid })
    .trim()
    .max(254, reminderRecipientsMessages.pilotMailboxInvalid)
    .pipe(z.email(reminderRecipientsMessages.pilotMailboxInvalid))
    .nullable(),
  ccManager: z.boolean({ error: reminderRecipientsMessages.ccManagerInvalid }),
});
export type ReminderRecipientsBody = z.infer<typeof reminderRecipientsBody>;

/** GET and PUT /api/reminder-recipients response. */
export const reminderRecipientsSchema = z.object({
  pilotMailbox: z.string().nullable(),
  ccManager: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ReminderRecipients = z.infer<typeof reminderRecipientsSchema>;

/** The subject a pilot mailbox sees: the real recipient first, so the pilot can tell the mails apart. */
export function pilotSubject(recipient: string, subject: string): string {
  return `[Pilot: for ${recipient}] ${subject}`;
}
