import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardStats, ToggleAutomationResponse } from '../../../../shared/api/dashboard';
import { apiRequest } from '@/lib/api-client';
import { auditLogsQueryKey, configurationQueryKey, dashboardStatsQueryKey, invalidateQueries } from './overview-query-keys';

export async function toggleAutomation(enabled: boolean): Promise<ToggleAutomationResponse> {
  const res = await apiRequest('POST', '/api/toggle-automation', { enabled });
  return (await res.json()) as ToggleAutomationResponse;
}

/**
 * POST /api/toggle-automation. The switch follows the answer at once; the configuration is
 * refetched too, since it carries automationEnabled and the Save button sends it back.
 */
export function useToggleAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAutomation,
    onSuccess: async ({ automationEnabled, nextCheck }) => {
      queryClient.setQueryData<DashboardStats>(dashboardStatsQueryKey, (stats) => stats && { ...stats, automationEnabled, nextCheck });
      await invalidateQueries(queryClient, [dashboardStatsQueryKey, configurationQueryKey, auditLogsQueryKey]);
    },
  });
}
