import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { accountMailOutbox, auditLogs, automationRuns, emailSends } from '../db/schema/index.js';
import { recordRetentionDeleted } from '../metrics/registry.js';

export const RETENTION_JOB = 'delete-old-records';
/** Daily at 03:23 UTC, away from the hour's other jobs and most organizations' check times. */
const RETENTION_CRON = '23 3 * * *';
/**
 * Rows per DELETE. Each batch is a statement of its own (its own transaction), so row locks last
 * one batch: a check or a send touching a newer row never waits behind the job.
 */
const RETENTION_BATCH = 1_000;

export interface RetentionCounts {
  ledger: number;
  runs: number;
  audit: number;
  accountMail: number;
}

export interface RetentionDeps {
  db: Database;
  clock: Clock;
  retention: AppConfig['retention'];
  /** Rows per statement; tests make it small to see several batches. */
  batchSize?: number;
}

/** `months` calendar months before `now` (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Deletes what is older than the retention settings (docs/operations.md §Retention): sent and
 * failed mail of the send ledger (never one still waiting or in flight), finished check records,
 * audit entries, and sent or failed account mail. A ledger row also goes only when its password
 * expiry is older than the cutoff, so no check can plan that reminder again.
 */
export async function deleteOldRecords(deps: RetentionDeps): Promise<RetentionCounts> {
  const now = deps.clock();
  const records = monthsBefore(now, deps.retention.recordsMonths);
  const audit = monthsBefore(now, deps.retention.auditMonths);
  const recordsDay = records.toISOString().slice(0, 10);
  const batch = deps.batchSize ?? RETENTION_BATCH;
  const remove = (table: SQL, where: SQL) => deleteInBatches(deps.db, table, where, batch);
  const counts: RetentionCounts = {
    ledger: await remove(
      sql`${emailSends}`,
      sql`${emailSends.state} in ('sent', 'failed') and ${emailSends.createdAt} < ${records} and ${emailSends.expiryDate} < ${recordsDay}`,
    ),
    // A run's mail keeps its row with run_id set to null (the foreign key's on delete).
    runs: await remove(sql`${automationRuns}`, sql`${automationRuns.finishedAt} < ${records} and ${automationRuns.status} <> 'running'`),
    audit: await remove(sql`${auditLogs}`, sql`${auditLogs.createdAt} < ${audit}`),
    accountMail: await remove(sql`${accountMailOutbox}`, sql`${accountMailOutbox.state} in ('sent', 'failed') and ${accountMailOutbox.createdAt} < ${records}`),
  };
  for (const [record, count] of Object.entries(counts)) recordRetentionDeleted(record, count);
  return counts;
}

/** Deletes the rows matching `where`, `batch` at a time (found through the table's retention index), until none is left. */
async function deleteInBatches(db: Database, table: SQL, where: SQL, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`delete from ${table} where id in (select id from ${table} where ${where} limit ${batch})`);
    const deleted = result.rowCount ?? 0;
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** The daily retention job, run by one instance at a time. */
export async function registerRetentionJobs(boss: PgBoss, deps: RetentionDeps & { log: { info(details: object, message: string): void } }): Promise<void> {
  await boss.createQueue(RETENTION_JOB, { name: RETENTION_JOB, policy: 'singleton', retryLimit: 2, expireInSeconds: 3_600 });
  await boss.schedule(RETENTION_JOB, RETENTION_CRON, {}, { tz: 'UTC' });
  await boss.work(RETENTION_JOB, async () => {
    const deleted = await deleteOldRecords(deps);
    deps.log.info({ ...deleted, retention: deps.retention }, 'old records deleted');
  });
}
