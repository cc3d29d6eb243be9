import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any constant works; it only has to be the same for every instance of this app.
export const MIGRATION_LOCK_KEY = 7_301_995_001;

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

/** When the newest migration of this version of the app was generated (drizzle records it as created_at). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}
let newest: number | undefined;

/**
 * Whether every migration this version of the app ships has been applied (drizzle applies them in
 * order, so the newest one's timestamp tells). False before the first migration ran.
 */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  newest ??= newestMigrationMillis();
  const table = await pool.query<{ found: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as found");
  if (!table.rows[0]?.found) return false;
  const { rows } = await pool.query<{ latest: string | null }>('select max(created_at)::text as latest from drizzle.__drizzle_migrations');
  return rows[0]?.latest != null && Number(rows[0].latest) >= newest;
}
