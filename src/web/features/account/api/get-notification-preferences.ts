import { useQuery } from '@tanstack/react-query';
import { notificationPreferencesSchema } from '../../../../shared/api/account';
import { getJson } from '@/lib/api-client';

export const notificationPreferencesQueryKey = ['/api/notification-preferences'] as const;

/** GET /api/notification-preferences: the signed-in user's four toggles (defaults until saved). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => getJson('/api/notification-preferences', notificationPreferencesSchema, signal),
  });
}
