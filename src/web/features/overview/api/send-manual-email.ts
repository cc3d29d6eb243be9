import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendEmailResponse, SendManualEmailBody } from '../../../../shared/api/notifications';
import { apiRequest } from '@/lib/api-client';
import { auditLogsQueryKey, dashboardStatsQueryKey, invalidateQueries, passwordExpirationsQueryKey } from './overview-query-keys';

export async function sendManualEmail(body: SendManualEmailBody): Promise<SendEmailResponse> {
  const res = await apiRequest('POST', '/api/send-manual-email', body);
  return (await res.json()) as SendEmailResponse;
}

/** POST /api/send-manual-email: one user's reminder now; their Last Notified and today's count change. */
export function useSendManualEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendManualEmail,
    onSuccess: () => invalidateQueries(queryClient, [passwordExpirationsQueryKey, dashboardStatsQueryKey, auditLogsQueryKey]),
  });
}
