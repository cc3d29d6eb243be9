import { z } from 'zod';
import { guid } from './guid.js';

export const runStatusMessages = {
  runIdInvalid: 'Run ID must be the ID of a password check',
  notFound: 'No such password check in this organization',
} as const;

/** GET /api/run-status/:runId. */
export const runStatusParams = z.object({ runId: guid(runStatusMessages.runIdInvalid) });

/**
 * One password check as it goes: the counts grow while the directory is read, then while its
 * reminders are sent; the page polls it until `done`.
 */
export const runStatusSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  /** interrupted: the server running it stopped before it finished. */
  status: z.enum(['running', 'completed', 'failed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Users read from the directory so far. */
  usersRead: z.number(),
  /** Reminders the check queued so far. */
  remindersQueued: z.number(),
  /** Of those, accepted by Microsoft Graph. */
  sent: z.number(),
  /** Of those, refused (see the audit log and the users table for why). */
  failed: z.number(),
  /** Of those, still queued, being sent or deferred (a mailbox limit, throttling, an outage). */
  waiting: z.number(),
  /** The check's summary once it ended, or why it failed. */
  message: z.string().nullable(),
  /** The check has ended and none of its reminders is queued or being sent (deferred ones go out later on their own). */
  done: z.boolean(),
});
export type RunStatus = z.infer<typeof runStatusSchema>;

/** GET /api/run-status: the organization's latest check, or null before the first one. */
export const latestRunStatusSchema = z.object({ run: runStatusSchema.nullable() });
export type LatestRunStatus = z.infer<typeof latestRunStatusSchema>;
