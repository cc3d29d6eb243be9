import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toggleAutomationResponse, type DashboardStats, type ToggleAutomationResponse } from '../../../../shared/api/dashboard';
import { requestJson } from '@/lib/api-client';
import { configurationQueryKey } from '@/lib/configuration-queries';
import { auditLogsQueryKey, dashboardStatsQueryKey, invalidateQueries } from './overview-query-keys';

async function toggleAutomation(enabled: boolean): Promise<ToggleAutomationResponse> {
  return requestJson('POST', '/api/toggle-automation', toggleAutomationResponse, { enabled });
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
