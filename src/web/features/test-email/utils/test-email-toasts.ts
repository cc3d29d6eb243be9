import type { SendEmailResponse } from '../../../../shared/api/notifications';
import type { ToastInput } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

/** docs/product.md §Messages: 'Test notification sent to {email}'; queued (mailbox at its limit): the server says when it goes. */
export function testEmailSentToast(email: string, { status, message }: SendEmailResponse): ToastInput {
  return status === 'sent' ? { title: 'Success', description: `Test notification sent to ${email}` } : { title: 'Email Queued', description: message };
}

/** docs/product.md §Messages: title 'Email Test Failed'; the server's message or 'Failed to send test email'. */
export function testEmailFailedToast(error: unknown): ToastInput {
  return { variant: 'destructive', title: 'Email Test Failed', description: getErrorMessage(error, 'Failed to send test email') };
}
