import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dryRunSchema, forecastSchema, reminderPolicySchema, type ReminderPolicy, type ReminderPolicyBody } from '../../../../shared/api/reminder-policy';
import { getJson, requestJson } from '@/lib/api-client';

// Organization data: the keys carry no tenant id, the cache is reset when the organization changes.
const reminderPolicyQueryKey = ['/api/reminder-policy'] as const;
const dryRunQueryKey = ['/api/reminder-policy/dry-run'] as const;
const forecastQueryKey = ['/api/reminder-policy/forecast'] as const;

/** GET /api/reminder-policy: the chosen days, or every day within Reminder Days (mode daily) with suggestions. */
export function useReminderPolicy() {
  return useQuery({
    queryKey: reminderPolicyQueryKey,
    queryFn: ({ signal }) => getJson('/api/reminder-policy', reminderPolicySchema, signal),
  });
}

/** PUT /api/reminder-policy; the saved policy replaces the cached one, and the projections are stale. */
export function useSaveReminderPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderPolicyBody): Promise<ReminderPolicy> => requestJson('PUT', '/api/reminder-policy', reminderPolicySchema, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(reminderPolicyQueryKey, saved);
      await Promise.all([queryClient.invalidateQueries({ queryKey: dryRunQueryKey }), queryClient.invalidateQueries({ queryKey: forecastQueryKey })]);
    },
  });
}

/** GET /api/reminder-policy/dry-run, once asked for (`enabled`): nothing is sent. */
export function useDryRun(enabled: boolean) {
  return useQuery({
    queryKey: dryRunQueryKey,
    queryFn: ({ signal }) => getJson('/api/reminder-policy/dry-run', dryRunSchema, signal),
    enabled,
  });
}

/** GET /api/reminder-policy/forecast: expiries and planned reminders per day for 30 days. */
export function useForecast() {
  return useQuery({
    queryKey: forecastQueryKey,
    queryFn: ({ signal }) => getJson('/api/reminder-policy/forecast', forecastSchema, signal),
  });
}
