import { and, count, desc, eq } from 'drizzle-orm';
import type { RunStatus } from '../../shared/api/run-status.js';
import { runStatusMessages } from '../../shared/api/run-status.js';
import type { Database } from '../db/client.js';
import { automationRuns, emailSends } from '../db/schema/index.js';
import { notFound } from '../http/app-error.js';

type RunRow = typeof automationRuns.$inferSelect;

/** GET /api/run-status/:runId: one check of the organization; another organization's run is not found. */
export async function getRunStatus(db: Database, tenantId: string, runId: string): Promise<RunStatus> {
  const [run] = await db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.id, runId), eq(automationRuns.tenantId, tenantId)))
    .limit(1);
  if (!run) throw notFound(runStatusMessages.notFound);
  return runStatusOf(db, run);
}

/** GET /api/run-status: the organization's latest check, so a page can follow one it did not start itself. */
export async function getLatestRunStatus(db: Database, tenantId: string): Promise<RunStatus | null> {
  const [run] = await db.select().from(automationRuns).where(eq(automationRuns.tenantId, tenantId)).orderBy(desc(automationRuns.startedAt)).limit(1);
  return run ? runStatusOf(db, run) : null;
}

/**
 * The run's own counts (written as the directory is read, see run-check.ts) and the delivery
 * state of the reminders it queued, straight from the send ledger.
 */
async function runStatusOf(db: Database, run: RunRow): Promise<RunStatus> {
  const states = await db
    .select({ state: emailSends.state, count: count() })
    .from(emailSends)
    .where(and(eq(emailSends.tenantId, run.tenantId), eq(emailSends.runId, run.id)))
    .groupBy(emailSends.state);
  const inState = (...wanted: string[]) => states.filter((row) => wanted.includes(row.state)).reduce((sum, row) => sum + row.count, 0);
  const summary = run.summary ?? {};
  const inFlight = inState('queued', 'sending');
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    usersRead: summary.scannedUsers ?? 0,
    remindersQueued: summary.queued ?? 0,
    sent: inState('sent'),
    failed: inState('failed'),
    waiting: inFlight + inState('deferred'),
    message: run.message,
    done: run.status !== 'running' && inFlight === 0,
  };
}
