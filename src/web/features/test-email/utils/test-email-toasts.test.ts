import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { testEmailFailedToast, testEmailSentToast } from './test-email-toasts';

describe('test email toasts', () => {
  it('name the address it was sent to', () => {
    expect(testEmailSentToast('it@contoso.com', { status: 'sent', message: 'whatever the server says' })).toEqual({
      title: 'Success',
      description: 'Test notification sent to it@contoso.com',
    });
  });

  it("pass on the server's word when the mail waits in the queue", () => {
    expect(testEmailSentToast('it@contoso.com', { status: 'queued', message: 'The sending mailbox is at its limit' })).toEqual({
      title: 'Email Queued',
      description: 'The sending mailbox is at its limit',
    });
  });

  it("fail under the documented title with the server's message or the fallback", () => {
    expect(testEmailFailedToast(new ApiError(400, { message: 'The sender has no mailbox' }))).toEqual({
      variant: 'destructive',
      title: 'Email Test Failed',
      description: 'The sender has no mailbox',
    });
    expect(testEmailFailedToast(new Error('Failed to fetch')).description).toBe('Failed to send test email');
  });
});
