import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { startJobs, type JobRegistration } from './job-runner.js';

let database: DatabaseHandle & { url: string };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A module with one queue whose worker records what it was given. */
function echoModule(queue: string, seen: unknown[]): JobRegistration {
  return async (boss) => {
    await boss.createQueue(queue);
    await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) seen.push(job.data);
    });
  };
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('startJobs', () => {
  it.each([
    ['the app pool', () => database.pool],
    ['a connection string', () => database.url],
  ])("runs the registered modules' jobs through %s, in the pgboss schema", async (_label, source) => {
    const seen: unknown[] = [];
    const errors: Error[] = [];
    const queue = `echo-${Math.random().toString(36).slice(2)}`;
    const runner = await startJobs(source(), [echoModule(queue, seen)], { onError: (error) => errors.push(error) });
    try {
      await runner.boss.send(queue, { hello: 'world' });
      await waitFor(() => seen.length === 1);
      expect(seen).toEqual([{ hello: 'world' }]);
      const { rows } = await database.pool.query<{ exists: boolean }>(
        "select exists (select 1 from information_schema.schemata where schema_name = 'pgboss') as exists",
      );
      expect(rows[0]?.exists).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(errors).toEqual([]);
  });

  it('stops pg-boss again when a module fails to register', async () => {
    const failing: JobRegistration = async () => {
      throw new Error('cannot register');
    };
    await expect(startJobs(database.url, [failing], { onError: () => {} })).rejects.toThrow('cannot register');
  });
});
