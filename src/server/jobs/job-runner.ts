import PgBoss from 'pg-boss';
import type pg from 'pg';

/** Workers a module runs itself (beside pg-boss's own), stopped with the engine. */
export interface LocalWorkers {
  /** Takes no more jobs, waits up to `timeoutMs` for the running ones and fails the rest (retried by pg-boss). */
  stop(timeoutMs: number): Promise<void>;
}

/** One module's jobs: creates its queues, schedules and workers on the running engine. */
export type JobRegistration = (boss: PgBoss) => Promise<void> | Promise<LocalWorkers>;

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
 * How soon a cron job (the minute tick above all) is queued after its minute: pg-boss looks for
 * due schedules every 30 s and hands them over every 5 s by default, so checks due at 08:00 could
 * wait until 08:00:37 to be queued. Once per 5 s across all instances (pg-boss takes turns), then
 * within 2 s.
 */
const CRON_TIMING = { cronMonitorIntervalSeconds: 5, cronWorkerIntervalSeconds: 2 };

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
  const boss = new PgBoss({ ...connection, schema: JOB_SCHEMA, ...CRON_TIMING });
  boss.on('error', options.onError);
  await boss.start();
  const local: LocalWorkers[] = [];
  const stopLocal = (timeoutMs: number) => Promise.all(local.map((workers) => workers.stop(timeoutMs)));
  try {
    for (const register of registrations) {
      const workers: LocalWorkers | undefined = (await register(boss)) ?? undefined;
      if (workers) local.push(workers);
    }
  } catch (error) {
    await stopLocal(0);
    await boss.stop({ graceful: false });
    throw error;
  }
  return {
    boss,
    stop: async (timeoutMs = 30_000) => {
      const startedAt = Date.now();
      // The module's own workers first: they fail what they cannot finish through pg-boss, which must still be running.
      await stopLocal(timeoutMs);
      await boss.stop({ graceful: true, timeout: Math.max(0, timeoutMs - (Date.now() - startedAt)) });
    },
  };
}
