// The toasts of the Overview's actions (docs/product.md §Messages): success texts, and on failure the
// server's message or the action's fallback.
import type { RunCheckResponse } from '../../../../shared/api/dashboard';
import type { SendEmailResponse } from '../../../../shared/api/notifications';
import type { ToastInput } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';

const failed = (error: unknown, fallback: string): ToastInput => ({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, fallback) });
const succeeded = (description: string): ToastInput => ({ title: 'Success', description });

export const runNowToasts = {
  /** The server's message counts what the check found; the documented text when it sent none. */
  success: ({ message }: RunCheckResponse): ToastInput => succeeded(message.trim() || 'Password check completed successfully'),
  failure: (error: unknown) => failed(error, 'Failed to run password check'),
};

export const refreshUsersToasts = {
  success: (): ToastInput => succeeded('User data refreshed'),
  failure: (error: unknown) => failed(error, 'Failed to refresh user data'),
};

export const automationToasts = {
  success: (): ToastInput => succeeded('Automation settings updated'),
  failure: (error: unknown) => failed(error, 'Failed to update automation settings'),
};

export const manualEmailToasts = {
  /** Sent: 'Email sent successfully'. Queued (mailbox at its Exchange limit): the server says when it goes. */
  success: ({ status, message }: SendEmailResponse): ToastInput =>
    status === 'sent' ? succeeded('Email sent successfully') : { title: 'Email Queued', description: message },
  failure: (error: unknown) => failed(error, 'Failed to send email'),
};
