import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';

// Advisory-lock namespace of running checks (any constant; the same in every instance). The second
// key is the run id's hash: a collision only makes a dead run look alive until a later start.
const RUN_LOCK_NAMESPACE = 730_199_502;

export const INTERRUPTED_RUN_MESSAGE = 'The server running this check stopped before it finished. Run it again, or wait for the next scheduled check.';

/**
 * Runs a check's work while this process holds the run's advisory lock on a connection of its
 * own, so other instances can tell a running check from one whose process died: PostgreSQL drops
 * the lock with the connection, whatever killed the process.
 */
export async function whileRunIsAlive<T>(pool: pg.Pool, runId: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1, hashtext($2))', [RUN_LOCK_NAMESPACE, runId]);
    return await work();
  } finally {
    // Closing the connection drops the lock even when the connection broke on the way.
    client.release(true);
  }
}

/**
 * On start: checks still `running` whose lock nobody holds were left by a process that died
 * (kill -9, a crash, a shutdown that outlasted its grace); they become `interrupted`, each with an
 * audit entry, instead of looking busy forever. A check another live instance is running keeps
 * its lock and is left alone.
 */
export async function markInterruptedRuns(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // The running rows are picked first (materialised), so only their locks are tried; each try
    // is transaction-scoped and released at commit.
    const { rows } = await tx.execute<{ id: string; tenant_id: string }>(sql`
      with running as materialized (select id from automation_runs where status = 'running')
      update automation_runs set status = 'interrupted', message = ${INTERRUPTED_RUN_MESSAGE}, finished_at = ${now.toISOString()}
      from running
      where automation_runs.id = running.id and pg_try_advisory_xact_lock(${RUN_LOCK_NAMESPACE}, hashtext(running.id::text))
      returning automation_runs.id, automation_runs.tenant_id`);
    for (const run of rows) {
      await recordAudit(tx, run.tenant_id, {
        category: 'automation',
        status: 'error',
        message: `Password check interrupted: ${INTERRUPTED_RUN_MESSAGE}`,
        details: { runId: run.id },
        createdAt: now,
      });
    }
    return rows.length;
  });
}
