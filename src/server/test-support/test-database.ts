import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

/**
 * A fresh, migrated database on the test run's PostgreSQL server, for one test file. Dropped
 * again by `close()`.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const adminUrl = inject('testPostgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.href, 5);
  await runMigrations(handle.pool);
  return {
    ...handle,
    url: url.href,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
