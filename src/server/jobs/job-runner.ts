import PgBoss from 'pg-boss';
import type pg from 'pg';

/** One module's jobs: creates its queues, schedules and workers on the running engine. */
export type JobRegistration = (boss: PgBoss) => Promise<void>;

export interface JobRunnerOptions {
  /** Errors pg-boss meets in the background (lost connection, failed maintenance). */
  onError(error: Error): void;
}

export interface JobRunner {
  boss: PgBoss;
  /**
   * Stops taking jobs and waits up to `timeoutMs` (default 30 s) for running ones; those still
   * running then are marked failed, so pg-boss retries them on another instance. Closes pg-boss's
   * connections.
   */
  stop(timeoutMs?: number): Promise<void>;
}

export const JOB_SCHEMA = 'pgboss';

/**
 * Starts pg-boss on the app's PostgreSQL (its tables in their own schema `pgboss`, created or
 * migrated on first start) and lets each module register its jobs. Several instances may run:
 * pg-boss hands every job, scheduled ones included, to exactly one of them.
 *
 * `database` is the app's pool (pg-boss then shares it) or a connection string (pg-boss opens
 * its own small pool).
 */
export async function startJobs(database: pg.Pool | string, registrations: readonly JobRegistration[], options: JobRunnerOptions): Promise<JobRunner> {
  const connection =
    typeof database === 'string'
      ? { connectionString: database, max: 4 }
      : { db: { executeSql: (text: string, values: unknown[]) => database.query(text, values) } };
  const boss = new PgBoss({ ...connection, schema: JOB_SCHEMA });
  boss.on('error', options.onError);
  await boss.start();
  try {
    for (const register of registrations) await register(boss);
  } catch (error) {
    await boss.stop({ graceful: false });
    throw error;
  }
  return { boss, stop: (timeoutMs = 30_000) => boss.stop({ graceful: true, timeout: timeoutMs }) };
}
