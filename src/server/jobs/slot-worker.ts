import type PgBoss from 'pg-boss';

export interface SlotWorkerOptions {
  /** Jobs of the queue this instance runs at once. */
  slots: number;
  /** How often an idle worker looks for jobs queued by another instance. */
  pollingIntervalSeconds: number;
  /** A fetch, complete or fail that PostgreSQL refused (the job itself is retried by pg-boss). */
  onError(error: unknown): void;
}

export interface SlotWorker {
  /** Look for jobs now: one was just queued in this process. */
  wake(): void;
  /** Jobs running now. */
  running(): number;
  /**
   * Takes no more jobs and waits up to `timeoutMs` for the running ones; those still running then
   * are failed, so pg-boss retries them (on another instance, or here after a restart).
   */
  stop(timeoutMs: number): Promise<void>;
}

export const STOPPED_BEFORE_FINISHING = 'the instance running this job stopped before it finished';

/**
 * Runs a queue's jobs `slots` at a time in this instance. Each job holds one slot for as long as
 * it runs, whatever its size, and jobs are taken in pg-boss's order (priority, then the order they
 * were queued), so a long job keeps only its own slot and the jobs queued behind it run in the
 * others. A freed slot takes the next job at once; an idle worker looks every polling interval.
 * (pg-boss's `work` fetches one job per worker and then sits out its polling interval, which caps
 * a worker at one short job per interval.)
 */
export function startSlotWorker<T>(boss: PgBoss, queue: string, options: SlotWorkerOptions, handler: (job: PgBoss.Job<T>) => Promise<void>): SlotWorker {
  if (!Number.isInteger(options.slots) || options.slots < 1) throw new Error(`slots must be a whole number of at least 1, got ${options.slots}`);
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let fetching = false;
  let fetchAgain = false;

  const settle = async (job: PgBoss.Job<T>) => {
    try {
      await handler(job);
      await boss.complete(queue, job.id);
    } catch (error) {
      await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
    }
  };

  // Failed, so pg-boss retries them (after the queue's retry delay).
  const handBack = async (ids: readonly string[]) => {
    await Promise.all(ids.map((id) => boss.fail(queue, id, { message: STOPPED_BEFORE_FINISHING })));
  };

  const launch = (job: PgBoss.Job<T>) => {
    const done = settle(job)
      .catch(options.onError)
      .finally(() => {
        running.delete(job.id);
        fill();
      });
    running.set(job.id, done);
  };

  const fetchWhileFree = async () => {
    do {
      fetchAgain = false;
      const free = options.slots - running.size;
      if (free <= 0 || stopping) return;
      const jobs = await boss.fetch<T>(queue, { batchSize: free });
      if (stopping) {
        // Fetched while stopping: handed straight back for another instance.
        await handBack(jobs.map((job) => job.id));
        return;
      }
      for (const job of jobs) launch(job);
      // Every free slot filled: more may be waiting.
      if (jobs.length === free) fetchAgain = true;
    } while (fetchAgain);
  };

  // One fetch at a time; a request that comes meanwhile makes it look again.
  function fill(): void {
    if (stopping) return;
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = true;
    fetchWhileFree()
      .catch(options.onError)
      .finally(() => {
        fetching = false;
      });
  }

  const poll = setInterval(fill, options.pollingIntervalSeconds * 1000);
  poll.unref();
  fill();

  return {
    wake: fill,
    running: () => running.size,
    async stop(timeoutMs) {
      if (stopping) return;
      stopping = true;
      clearInterval(poll);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...running.values()]), timedOut]);
      clearTimeout(timer);
      await handBack([...running.keys()]).catch(options.onError);
    },
  };
}
