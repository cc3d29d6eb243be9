import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { startJobs } from './job-runner.js';
import { STOPPED_BEFORE_FINISHING, startSlotWorker } from './slot-worker.js';

let database: DatabaseHandle & { url: string };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('startSlotWorker', () => {
  it('runs the queued jobs in order, slots at a time, completes each, and hands back those still running when stopped', async () => {
    const queue = `slots-${Math.random().toString(36).slice(2)}`;
    const started: number[] = [];
    const release = new Map<number, () => void>();
    const runner = await startJobs(
      database.pool,
      [
        async (boss) => {
          await boss.createQueue(queue, { name: queue, retryLimit: 1 });
          return startSlotWorker<{ n: number }>(boss, queue, { slots: 2, pollingIntervalSeconds: 0.5, onError: () => {} }, async (job) => {
            started.push(job.data.n);
            await new Promise<void>((resolve) => release.set(job.data.n, resolve));
          });
        },
      ],
      { onError: () => {} },
    );
    const ids: string[] = [];
    for (let n = 1; n <= 5; n += 1) ids.push((await runner.boss.send(queue, { n }))!);
    const states = async () => {
      const { rows } = await database.pool.query<{ id: string; state: string }>('select id, state from pgboss.job where name = $1', [queue]);
      return ids.map((id) => rows.find((row) => row.id === id)?.state);
    };

    await waitFor(() => started.length === 2);
    // Fetched together, so started together (in either order).
    expect([...started].sort()).toEqual([1, 2]);
    expect(await states()).toEqual(['active', 'active', 'created', 'created', 'created']);

    // A freed slot takes the next job.
    release.get(1)!();
    await waitFor(() => started.length === 3);
    expect(started[2]).toBe(3);
    expect(await states()).toEqual(['completed', 'active', 'active', 'created', 'created']);

    // Stopped with two still running: both are failed, to be retried; nothing more is taken.
    await runner.stop(200);
    expect(await states()).toEqual(['completed', 'retry', 'retry', 'created', 'created']);
    const { rows } = await database.pool.query<{ output: { message: string } }>('select output from pgboss.job where id = $1', [ids[1]]);
    expect(rows[0]?.output.message).toBe(STOPPED_BEFORE_FINISHING);
    expect(started).toHaveLength(3);
  });
});
