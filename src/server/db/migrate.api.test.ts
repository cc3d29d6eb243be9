import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client.js';
import { runMigrations } from './migrate.js';
import { createTestDatabase } from '../test-support/test-database.js';

let database: DatabaseHandle & { url: string };
let second: DatabaseHandle;

beforeAll(async () => {
  // A migrated database to find the table list, then a second, empty schema to race on.
  database = await createTestDatabase();
  await database.pool.query('drop schema public cascade; drop schema if exists drizzle cascade; create schema public');
  second = connectDatabase(database.url, 5);
});
afterAll(async () => {
  await second?.close();
  await database?.close();
});

it('applies each migration once when two instances start together', async () => {
  await Promise.all([runMigrations(database.pool), runMigrations(second.pool)]);
  const applied = await database.pool.query('select count(*)::int as count from drizzle.__drizzle_migrations');
  const files = await import('../../../drizzle/meta/_journal.json', { with: { type: 'json' } });
  expect(applied.rows[0].count).toBe(files.default.entries.length);
  const tables = await database.pool.query(
    "select count(*)::int as count from information_schema.tables where table_schema = 'public' and table_name in ('users', 'tenants', 'sessions')",
  );
  expect(tables.rows[0].count).toBe(3);
});
