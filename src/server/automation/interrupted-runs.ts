import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { LocalDate } from '../../shared/domain/local-date.js';
import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';

// Advisory-lock namespace of running checks (any constant; the same in every instance). The second
// key is the run id's hash: a collision only makes a dead run look alive until a later start.
const RUN_LOCK_NAMESPACE = 730_199_502;

export const INTERRUPTED_RUN_MESSAGE = 'The server running this check stopped before it finished. Run it again, or wait for the next scheduled check.';

/** The advisory locks a running check holds, on a connection of its own. */
export interface RunLocks {
  /** Marks the run as alive: other instances can tell it from a run whose process died. */
  hold(runId: string): Promise<void>;
  /**
   * Claims an organization's scheduled check of `day` for this process; false while another live
   * process runs it (a job delivered twice, a retry while the first attempt still runs).
   */
  claimDay(tenantId: string, day: LocalDate): Promise<boolean>;
  /**
   * Waits until no other check of the organization runs, in any instance, then keeps the others
   * waiting until this one ends. Two checks at once would each replace the users table, and the
   * one stamped later would delete the rows the other had just written (docs/architecture.md
   * §Several instances).
   */
  checkOrganizationAlone(tenantId: string): Promise<void>;
}

/**
 * Runs a check's work with a connection of its own for its advisory locks: PostgreSQL drops them
 * with the connection, whatever killed the process.
 */
export async function withRunLocks<T>(pool: pg.Pool, work: (locks: RunLocks) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work({
      hold: async (runId) => {
        await client.query('select pg_advisory_lock($1, hashtext($2))', [RUN_LOCK_NAMESPACE, runId]);
      },
      claimDay: async (tenantId, day) => {
        // 64-bit key: a collision would skip an organization's check for the day.
        const key = `passwatch:scheduled-check:${tenantId}:${day}`;
        const { rows } = await client.query<{ claimed: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as claimed', [key]);
        return rows[0]?.claimed === true;
      },
      checkOrganizationAlone: async (tenantId) => {
        await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [`passwatch:organization-check:${tenantId}`]);
      },
    });
  } finally {
    // Closing the connection drops the locks even when the connection broke on the way.
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
