import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendEmailResponse, type SendEmailResponse, type SendManualEmailBody } from '../../../../shared/api/notifications';
import { requestJson } from '@/lib/api-client';
import { auditLogsQueryKey, dashboardStatsQueryKey, invalidateQueries, passwordExpirationsQueryKey } from './overview-query-keys';

async function sendManualEmail(body: SendManualEmailBody): Promise<SendEmailResponse> {
  return requestJson('POST', '/api/send-manual-email', sendEmailResponse, body);
}

/** POST /api/send-manual-email: one user's reminder now; their Last Notified and today's count change. */
export function useSendManualEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendManualEmail,
    onSuccess: () => invalidateQueries(queryClient, [passwordExpirationsQueryKey, dashboardStatsQueryKey, auditLogsQueryKey]),
  });
}
