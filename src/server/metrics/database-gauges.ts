import type pg from 'pg';
import { migrationsApplied } from '../db/migrate.js';
import { within } from '../http/health-routes.js';
import { JOB_SCHEMA } from '../jobs/job-runner.js';
import { sampledGauges } from './registry.js';

/** A scrape must not hang on a database that does not answer: the readiness figure says it. */
const SAMPLE_TIMEOUT_MS = 3_000;

const UNDEFINED_TABLE = '42P01';
const SEND_STATES = ['queued', 'deferred', 'sending'] as const;
const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * Reads the figures that live in the database (the send queue, leases, the account-mail outbox and
 * the configuration-change windows that feed it, pg-boss's queues) and this instance's pool into
 * the gauges, at each scrape. Every query reads through a partial index or a small table: the
 * ledger's finished rows are never counted here
 * (their states are counters, recorded as they change). A database that does not answer leaves
 * passwatch_ready at 0 and the other figures as they were.
 */
export async function sampleDatabaseGauges(pool: pg.Pool): Promise<void> {
  const gauges = sampledGauges;
  gauges.poolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
  gauges.poolConnections.set({ state: 'idle' }, pool.idleCount);
  gauges.poolWaiting.set(pool.waitingCount);
  try {
    const ready = await within(migrationsApplied(pool), SAMPLE_TIMEOUT_MS);
    gauges.ready.set(ready ? 1 : 0);
    if (!ready) return;
    await within(sampleQueues(pool), SAMPLE_TIMEOUT_MS);
  } catch {
    gauges.ready.set(0);
  }
}

async function sampleQueues(pool: pg.Pool): Promise<void> {
  const gauges = sampledGauges;
  const [sends, leases, outbox, alertWindows, jobs] = await Promise.all([
    pool.query<{ state: string; count: string; oldest_due_seconds: number | null }>(
      `select state, count(*) as count,
              extract(epoch from now() - min(next_attempt_at) filter (where state in ('queued', 'deferred') and next_attempt_at <= now()))::float8 as oldest_due_seconds
         from email_sends where state in ('queued', 'deferred', 'sending') group by state`,
    ),
    pool.query<{ count: string }>('select count(*) as count from drain_leases where lease_until > now()'),
    pool.query<{ state: string; count: string; oldest_due_seconds: number | null }>(
      `select state, count(*) as count,
              extract(epoch from now() - min(next_attempt_at) filter (where state = 'queued' and next_attempt_at <= now()))::float8 as oldest_due_seconds
         from account_mail_outbox group by state`,
    ),
    // Through the window table's opened_at index: a row per organization with unmailed changes.
    pool.query<{ oldest_due_seconds: number | null }>(
      'select extract(epoch from now() - min(opened_at))::float8 as oldest_due_seconds from configuration_alert_windows',
    ),
    // pg-boss creates its schema at its first start: before that there is nothing to count.
    pool
      .query<{ name: string; state: string; count: string }>(
        `select name, state::text as state, count(*) as count from ${JOB_SCHEMA}.job where state in ('created', 'retry', 'active') group by name, state`,
      )
      .catch((error: { code?: string }) => {
        if (error.code === UNDEFINED_TABLE) return { rows: [] };
        throw error;
      }),
  ]);

  for (const state of SEND_STATES) gauges.sendQueueDepth.set({ state }, countOf(sends.rows, state));
  gauges.sendQueueOldestAge.set(oldestOf(sends.rows));
  gauges.drainLeases.set(Number(leases.rows[0]?.count ?? 0));
  for (const state of OUTBOX_STATES) gauges.outbox.set({ state }, countOf(outbox.rows, state));
  gauges.outboxOldestQueuedAge.set(oldestOf(outbox.rows));
  gauges.configurationAlertWindowOldestAge.set(oldestOf(alertWindows.rows));
  // Queue names are the app's own fixed set; a queue that emptied is dropped rather than left at its last value.
  gauges.jobQueueDepth.reset();
  for (const row of jobs.rows) gauges.jobQueueDepth.set({ queue: row.name, state: row.state }, Number(row.count));
}

function countOf(rows: readonly { state: string; count: string }[], state: string): number {
  return Number(rows.find((row) => row.state === state)?.count ?? 0);
}

function oldestOf(rows: readonly { oldest_due_seconds: number | null }[]): number {
  return Math.max(0, ...rows.map((row) => row.oldest_due_seconds ?? 0));
}
