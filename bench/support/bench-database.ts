import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/client.js';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.js';
import { runMigrations } from '../../src/server/db/migrate.js';

/** A migrated PostgreSQL database for a benchmark: DATABASE_URL's, or a fresh embedded server in a temporary folder. */
export async function startBenchDatabase(poolSize: number): Promise<{ handle: DatabaseHandle; url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const handle = connectDatabase(process.env.DATABASE_URL, poolSize);
    await runMigrations(handle.pool);
    return { handle, url: process.env.DATABASE_URL, stop: () => handle.close() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'passwatch-bench-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: 0 });
  await server.createDatabaseIfMissing('bench');
  const url = server.urlFor('bench');
  const handle = connectDatabase(url, poolSize);
  await runMigrations(handle.pool);
  return {
    handle,
    url,
    stop: async () => {
      await handle.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
