import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 7_301_995_001;

/**
 * Applies the committed drizzle-kit migrations. Instances that start together queue on a
 * PostgreSQL advisory lock, so each migration runs exactly once.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
