import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendEmailResponse, type SendEmailResponse, type SendTestEmailBody } from '../../../../shared/api/notifications';
import { requestJson } from '@/lib/api-client';

// Shown by the Overview (recent activity, emails sent today): a test email changes both.
const refreshedQueryKeys = [['/api/audit-logs'], ['/api/dashboard-stats']] as const;

async function sendTestEmail(body: SendTestEmailBody): Promise<SendEmailResponse> {
  return requestJson('POST', '/api/send-test-email', sendEmailResponse, body);
}

/** POST /api/send-test-email: the saved template with sample values, to one address. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSuccess: () => Promise.all(refreshedQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
