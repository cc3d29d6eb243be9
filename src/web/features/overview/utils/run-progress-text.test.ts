import { describe, expect, it } from 'vitest';
import type { RunStatus } from '../../../../shared/api/run-status';
import { runProgressText } from './run-progress-text';

const run = (overrides: Partial<RunStatus>): RunStatus => ({
  id: '6f1c2b9e-8d4a-4c3b-9a7e-2d5f8b1c4e60',
  trigger: 'manual',
  status: 'running',
  startedAt: '2025-03-10T14:30:00.000Z',
  finishedAt: null,
  usersRead: 1500,
  remindersQueued: 12,
  sent: 0,
  failed: 0,
  waiting: 12,
  message: null,
  done: false,
  ...overrides,
});

describe('runProgressText', () => {
  it('counts users read and reminders queued while the directory is read', () => {
    expect(runProgressText(run({}))).toEqual({
      title: 'Reading the directory…',
      counts: '1,500 users read · 12 reminders queued · 0 sent · 0 failed',
      summary: null,
    });
  });

  it('counts sent and failed while the reminders go out, then ends with the summary', () => {
    expect(runProgressText(run({ status: 'completed', sent: 5, failed: 1, waiting: 6 })).title).toBe('Sending reminders…');
    const done = runProgressText(run({ status: 'completed', sent: 10, failed: 1, waiting: 1, done: true, message: 'Checked 1,500 users: ...' }));
    expect(done).toEqual({
      title: 'Password check finished',
      counts: '1,500 users read · 12 reminders queued · 10 sent · 1 failed · 1 waiting to be retried',
      summary: 'Checked 1,500 users: ...',
    });
  });

  it('says a check was interrupted, and what to do, when the server running it stopped', () => {
    const message = 'The server running this check stopped before it finished. Run it again, or wait for the next scheduled check.';
    expect(runProgressText(run({ status: 'interrupted', done: true, message }))).toMatchObject({ title: 'Password check interrupted', summary: message });
  });

  it('says why a check failed', () => {
    expect(runProgressText(run({ status: 'failed', done: true, message: 'The client secret has expired.' }))).toMatchObject({
      title: 'Password check failed',
      summary: 'The client secret has expired.',
    });
  });
});
