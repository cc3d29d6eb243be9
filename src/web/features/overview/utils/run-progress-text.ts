import type { RunStatus } from '../../../../shared/api/run-status';

const count = (n: number) => n.toLocaleString('en-US');

/** What Run Now's progress line says about a check, from reading the directory to the last reminder. */
export function runProgressText(run: RunStatus): { title: string; counts: string; summary: string | null } {
  const counts = [
    `${count(run.usersRead)} users read`,
    `${count(run.remindersQueued)} reminders queued`,
    `${count(run.sent)} sent`,
    `${count(run.failed)} failed`,
    ...(run.done && run.waiting > 0 ? [`${count(run.waiting)} waiting to be retried`] : []),
  ].join(' · ');
  if (run.status === 'failed') return { title: 'Password check failed', counts, summary: run.message };
  // The server running it stopped mid-check (its message says what to do); what it queued still goes out.
  if (run.status === 'interrupted') return { title: 'Password check interrupted', counts, summary: run.message };
  if (run.status === 'running') return { title: 'Reading the directory…', counts, summary: null };
  if (!run.done) return { title: 'Sending reminders…', counts, summary: null };
  return { title: 'Password check finished', counts, summary: run.message };
}
