import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { automationToasts, manualEmailToasts, refreshUsersToasts, runNowToasts } from './overview-toasts';

const serverError = (status: number, message: string) => new ApiError(status, { message });
const summary = {
  scannedUsers: 10,
  usersInScope: 8,
  expiringUsers: 2,
  recentlyExpiredUsers: 0,
  dueUsers: 2,
  queued: 2,
  retried: 0,
  alreadyReminded: 0,
  inProgress: 0,
  notRetried: 0,
  withoutMailbox: 0,
};

describe('Run Now toasts', () => {
  it("show the server's account of the check, or the documented text", () => {
    expect(runNowToasts.success({ message: '2 reminders queued', summary })).toEqual({ title: 'Success', description: '2 reminders queued' });
    expect(runNowToasts.success({ message: ' ', summary }).description).toBe('Password check completed successfully');
  });

  it("show the server's reason, or the fallback", () => {
    expect(runNowToasts.failure(serverError(403, 'An active subscription is required'))).toEqual({
      variant: 'destructive',
      title: 'Error',
      description: 'An active subscription is required',
    });
    expect(runNowToasts.failure(new Error('Failed to fetch')).description).toBe('Failed to run password check');
  });
});

describe('Refresh toasts', () => {
  it('use the documented texts', () => {
    expect(refreshUsersToasts.success()).toEqual({ title: 'Success', description: 'User data refreshed' });
    expect(refreshUsersToasts.failure(new ApiError(500, null)).description).toBe('Failed to refresh user data');
  });
});

describe('automation toasts', () => {
  it('use the documented texts', () => {
    expect(automationToasts.success().description).toBe('Automation settings updated');
    expect(automationToasts.failure(new ApiError(502, null, 'Bad Gateway')).description).toBe('Failed to update automation settings');
    expect(automationToasts.failure(serverError(400, 'Save the configuration before changing automation.')).description).toBe(
      'Save the configuration before changing automation.',
    );
  });
});

describe('manual email toasts', () => {
  it('say sent, or queued with the reason', () => {
    expect(manualEmailToasts.success({ status: 'sent', message: 'Email sent successfully' })).toEqual({
      title: 'Success',
      description: 'Email sent successfully',
    });
    expect(manualEmailToasts.success({ status: 'queued', message: 'The mailbox is at its limit' })).toEqual({
      title: 'Email Queued',
      description: 'The mailbox is at its limit',
    });
  });

  it("show the server's reason, or the fallback", () => {
    expect(manualEmailToasts.failure(serverError(400, 'Mailbox not found')).description).toBe('Mailbox not found');
    expect(manualEmailToasts.failure(new Error('oops')).description).toBe('Failed to send email');
  });
});
