import { z } from 'zod';

/** The four toggles of Account Settings > Notifications (spec section 3). */
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

/** GET /api/notification-preferences */
export const getNotificationPreferencesResponse = notificationPreferencesSchema;

/** PUT /api/notification-preferences: any subset of the toggles; answers all four. */
export const updateNotificationPreferencesBody = notificationPreferencesSchema.partial().strict();
export const updateNotificationPreferencesResponse = notificationPreferencesSchema;

export const accountMessages = {
  deleted: 'Account Deleted',
} as const;

/** DELETE /api/account (empty body): the browser then goes to /api/auth/login after 2 s. */
export const deleteAccountResponse = z.object({ message: z.literal(accountMessages.deleted) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;
