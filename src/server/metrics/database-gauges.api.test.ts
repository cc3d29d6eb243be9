// The figures a scrape reads from the database, against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { configurationAlertWindows } from '../db/schema/index.js';
import { createOrganization, createUser } from '../test-support/factories.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { sampleDatabaseGauges } from './database-gauges.js';
import { sampledGauges } from './registry.js';

let database: DatabaseHandle & { url: string };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const oldestWindowAge = async () => (await sampledGauges.configurationAlertWindowOldestAge.get()).values[0]?.value;

describe('the configuration-change windows', () => {
  it('report how long the oldest unmailed window has been open, and 0 once none is left', async () => {
    await sampleDatabaseGauges(database.pool);
    expect(await oldestWindowAge()).toBe(0);

    const owner = await createUser(database.db);
    const [stuck, recent] = [await createOrganization(database.db, owner), await createOrganization(database.db, owner)];
    await database.db.insert(configurationAlertWindows).values([
      { tenantId: stuck.id, openedAt: new Date(Date.now() - 2 * 3_600_000), changes: [] },
      { tenantId: recent.id, openedAt: new Date(Date.now() - 60_000), changes: [] },
    ]);
    await sampleDatabaseGauges(database.pool);
    const age = await oldestWindowAge();
    expect(age).toBeGreaterThanOrEqual(7_200);
    expect(age).toBeLessThan(7_300);

    await database.db.delete(configurationAlertWindows);
    await sampleDatabaseGauges(database.pool);
    expect(await oldestWindowAge()).toBe(0);
  });
});
