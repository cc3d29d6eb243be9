import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationPreferencesSchema, type NotificationPreferences } from '../../../../shared/api/account';
import { requestJson } from '@/lib/api-client';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

async function updateNotificationPreferences(changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  return requestJson('PUT', '/api/notification-preferences', notificationPreferencesSchema, changes);
}

/**
 * PUT /api/notification-preferences with the toggle that changed. The switch moves at once
 * (optimistic); a failed save puts it back.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey);
      if (previous) queryClient.setQueryData(notificationPreferencesQueryKey, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesQueryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
