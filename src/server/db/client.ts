import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { releaseLostClients } from './release-lost-clients.js';
import * as schema from './schema/index.js';

/** `$client`: the pool, for the few statements that need a connection of their own. */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * `onConnectionError` hears of connections lost while the database restarts or goes away; the
 * query in flight fails on its own, and the pool opens fresh connections once the server is back.
 */
export function connectDatabase(url: string, poolSize = 10, onConnectionError: (error: Error) => void = () => {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // pg emits 'error' on a client whose connection drops. The pool listens on idle clients only,
  // so a client checked out (inside a transaction, between two queries) would crash the process
  // with "Unhandled 'error' event": every client gets a listener of its own, for its whole life.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  releaseLostClients(pool);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
