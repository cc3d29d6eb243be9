import { z } from 'zod';

/**
 * The four toggles of Account Settings > Notifications (docs/product.md §Fields): the answer of
 * GET /api/notification-preferences and of PUT, which takes any subset of them.
 */
export const notificationPreferencesSchema = z.object({
  emailNotifications: z.boolean(),
  weeklyReports: z.boolean(),
  securityAlerts: z.boolean(),
  systemUpdates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  weeklyReports: true,
  securityAlerts: true,
  systemUpdates: false,
};

/** PUT /api/notification-preferences: any subset of the toggles; answers all four. */
export const updateNotificationPreferencesBody = notificationPreferencesSchema.partial().strict();

export const accountMessages = {
  deleted: 'Account Deleted',
  confirmationRequired: 'Type DELETE to confirm the deletion',
} as const;

/** The word the account deletion dialog asks for, in capitals. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

/**
 * DELETE /api/account body: the typed confirmation, enforced on the server too, so no client can
 * delete an account (and every organization it alone owns) in one unconfirmed call.
 */
export const deleteAccountBody = z.object({
  confirmation: z
    .string({ error: accountMessages.confirmationRequired })
    .trim()
    .refine((typed) => typed === DELETE_ACCOUNT_CONFIRMATION, accountMessages.confirmationRequired),
});

/**
 * What a person must still do in Microsoft Entra after deleting organizations connected with
 * Microsoft: the Passwatch app keeps its consent in their tenants until an administrator removes
 * it (docs/domain.md §Admin sign-in for Connect with Microsoft).
 */
export function removePasswatchAppNotice(entraTenantIds: readonly string[]): string {
  return (
    `Passwatch was connected to Microsoft tenant ${entraTenantIds.join(', ')} through the Passwatch app. Remove its ` +
    'access: in the Microsoft Entra admin center, open Enterprise applications, select Passwatch, then Properties and ' +
    'Delete. Connecting the tenant again takes a new sign-in by one of its administrators.'
  );
}

/** DELETE /api/account: the browser then goes to /api/auth/login after 2 s. `entraNotice` when a deleted organization was connected with Microsoft. */
export const deleteAccountResponse = z.object({ message: z.literal(accountMessages.deleted), entraNotice: z.string().optional() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;
