import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reminderRecipientsSchema, type ReminderRecipients, type ReminderRecipientsBody } from '../../../../shared/api/reminder-recipients';
import { getJson, requestJson } from '@/lib/api-client';

// Organization data: the key carries no tenant id, the cache is reset when the organization changes.
const reminderRecipientsQueryKey = ['/api/reminder-recipients'] as const;

/** GET /api/reminder-recipients: the organization's pilot mailbox and managers' copies. */
export function useReminderRecipients() {
  return useQuery({
    queryKey: reminderRecipientsQueryKey,
    queryFn: ({ signal }) => getJson('/api/reminder-recipients', reminderRecipientsSchema, signal),
  });
}

/** PUT /api/reminder-recipients; the saved rules replace the cached ones. */
export function useSaveReminderRecipients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderRecipientsBody): Promise<ReminderRecipients> => requestJson('PUT', '/api/reminder-recipients', reminderRecipientsSchema, body),
    onSuccess: (saved) => queryClient.setQueryData(reminderRecipientsQueryKey, saved),
  });
}
