import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendEmailResponse, SendTestEmailBody } from '../../../../shared/api/notifications';
import { apiRequest } from '@/lib/api-client';

// Shown by the Overview (recent activity, emails sent today): a test email changes both.
const refreshedQueryKeys = [['/api/audit-logs'], ['/api/dashboard-stats']] as const;

export async function sendTestEmail(body: SendTestEmailBody): Promise<SendEmailResponse> {
  const res = await apiRequest('POST', '/api/send-test-email', body);
  return (await res.json()) as SendEmailResponse;
}

/** POST /api/send-test-email: the saved template with sample values, to one address. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSuccess: () => Promise.all(refreshedQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
