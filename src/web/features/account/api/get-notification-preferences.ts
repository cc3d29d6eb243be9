import { useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../shared/api/account';

export const notificationPreferencesQueryKey = ['/api/notification-preferences'] as const;

/** GET /api/notification-preferences: the signed-in user's four toggles (defaults until saved). */
export function useNotificationPreferences() {
  return useQuery<NotificationPreferences>({ queryKey: notificationPreferencesQueryKey });
}
