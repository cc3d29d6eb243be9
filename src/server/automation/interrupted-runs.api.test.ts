import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLogs, automationRuns } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createOrganization, createUser } from '../test-support/factories.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { INTERRUPTED_RUN_MESSAGE, markInterruptedRuns, withRunLocks } from './interrupted-runs.js';

let database: DatabaseHandle & { url: string };
let tenantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createUser(database.db);
  tenantId = (await createOrganization(database.db, owner)).id;
});
afterAll(async () => {
  await database?.close();
});

async function runningCheck(): Promise<string> {
  const [run] = await database.db
    .insert(automationRuns)
    .values({ tenantId, trigger: 'manual', localDay: '2026-11-23', status: 'running', startedAt: new Date('2026-11-23T08:00:00Z') })
    .returning({ id: automationRuns.id });
  return run!.id;
}
const statusOf = async (id: string) => (await database.db.select().from(automationRuns).where(eq(automationRuns.id, id)))[0];

it('marks a check left running by a dead process interrupted, with an audit entry, and leaves one a live process runs alone', async () => {
  const orphaned = await runningCheck();
  const live = await runningCheck();
  const now = new Date('2026-11-23T09:00:00Z');
  let marked = -1;
  // Another instance is running `live` right now: it holds the run's lock for the whole check.
  await withRunLocks(database.pool, async (locks) => {
    await locks.hold(live);
    marked = await markInterruptedRuns(database.db, now);
  });

  expect(marked).toBe(1);
  expect(await statusOf(orphaned)).toMatchObject({ status: 'interrupted', message: INTERRUPTED_RUN_MESSAGE, finishedAt: now });
  expect(await statusOf(live)).toMatchObject({ status: 'running', finishedAt: null });
  const audit = await database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenantId));
  expect(audit).toEqual([expect.objectContaining({ category: 'automation', status: 'error', details: { runId: orphaned } })]);

  // Once its process is gone (the lock goes with the connection), the next start marks it too.
  expect(await markInterruptedRuns(database.db, now)).toBe(1);
  expect((await statusOf(live))?.status).toBe('interrupted');
});
