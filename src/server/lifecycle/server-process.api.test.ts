// The server as an operator runs it (src/server/main.ts in a process of its own): what a signal,
// a kill -9 or a busy port does to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { freePort } from '../db/embedded-postgres.js';
import { MIGRATION_LOCK_KEY } from '../db/migrate.js';
import { isProcessAlive } from '../db/orphaned-postgres.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { TEST_ENVIRONMENT } from '../test-support/test-config.js';

interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const running: ServerProcess[] = [];
const folders: string[] = [];
let database: (DatabaseHandle & { url: string }) | undefined;

function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
    // Nothing leaves loopback: sign-in, Graph and PayPal point at a closed port.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...TEST_ENVIRONMENT,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ENTRA_AUTHORITY_URL: 'http://127.0.0.1:1',
      GRAPH_API_URL: 'http://127.0.0.1:1',
      PAYPAL_API_URL: 'http://127.0.0.1:1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, output: () => output, exited };
  running.push(server);
  return server;
}

async function untilRunning(server: ServerProcess): Promise<void> {
  await expect.poll(() => server.output().includes('Passwatch is running at') || server.child.exitCode !== null, { timeout: 60_000, interval: 100 }).toBe(true);
  expect(server.output()).toContain('Passwatch is running at');
}

async function embeddedEnvironment(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'passwatch-process-'));
  folders.push(dataDir);
  // Run as root, the server runs as the `postgres` user, which must reach its folder inside.
  await chmod(dataDir, 0o755);
  return { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()) };
}

const postmasterPidOf = async (dataDir: string) => Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

// Each test starts the whole server (and initialises a PostgreSQL folder) once or twice.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
});
afterAll(async () => {
  await database?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

it(
  'starts again after a kill -9 (stopping the orphaned embedded PostgreSQL), and on SIGTERM stops it, logs "stopped" and exits 0',
  async () => {
    const env = await embeddedEnvironment();
    const first = startServer(env);
    await untilRunning(first);
    const orphan = await postmasterPidOf(env.DATA_DIR!);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(isProcessAlive(orphan)).toBe(true);

    const second = startServer(env);
    await untilRunning(second);
    expect(second.output()).toContain(`Stopping the embedded PostgreSQL (PID ${orphan}) left running by an earlier start`);
    expect(isProcessAlive(orphan)).toBe(false);
    const server = await postmasterPidOf(env.DATA_DIR!);

    const ready = await fetch(`http://127.0.0.1:${env.PORT}/api/ready`);
    expect(ready.status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toMatch(/SIGTERM received, shutting down\.\.\.[\s\S]*\[passwatch\] stopped/);
    // The embedded server this process started is stopped with it.
    expect(isProcessAlive(server)).toBe(false);
    expect(existsSync(path.join(env.DATA_DIR!, 'postgres', 'postmaster.pid'))).toBe(false);
  },
  PROCESS_TEST_TIMEOUT_MS,
);

it(
  'with DATABASE_URL, SIGTERM runs the graceful shutdown: "stopped" is logged and the exit code is 0',
  async () => {
    database ??= await createTestDatabase();
    const server = startServer({ DATABASE_URL: database.url, PORT: String(await freePort()) });
    await untilRunning(server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('[passwatch] stopped');
  },
  PROCESS_TEST_TIMEOUT_MS,
);

/** Holds `statement`'s lock in a transaction of its own until the returned release is called. */
async function holdLock(statement: string): Promise<() => Promise<void>> {
  const client = await database!.pool.connect();
  await client.query('begin');
  await client.query(statement);
  return async () => {
    await client.query('commit');
    client.release();
  };
}

it(
  'SIGTERM during start-up stops cleanly at any point: while migrating, and once health answers but before the jobs start',
  async () => {
    database ??= await createTestDatabase();
    const waitingForMigrationLock = async () =>
      (await database!.pool.query<{ waiting: number }>("select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted")).rows[0]
        ?.waiting ?? 0;
    const points = [
      // Migrations wait for their advisory lock: the signal comes before the database is ready.
      { label: 'while migrating', lock: `select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`, reached: async () => (await waitingForMigrationLock()) > 0 },
      // The port answers, and the start waits to mark interrupted checks: the jobs have not started.
      {
        label: 'health answers, jobs not started',
        lock: 'lock table automation_runs in access exclusive mode',
        reached: async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200,
      },
    ];
    for (const point of points) {
      const port = await freePort();
      const release = await holdLock(point.lock);
      const server = startServer({ DATABASE_URL: database.url, PORT: String(port) });
      try {
        await expect.poll(() => point.reached(port), { timeout: 60_000, interval: 50 }).toBe(true);
        server.child.kill('SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await release();
      }
      expect(await server.exited, point.label).toBe(0);
      expect(server.output(), point.label).toContain('[passwatch] stopped');
      expect(server.output(), point.label).not.toContain('failed to start');
      expect(server.output(), point.label).not.toContain('failed to stop');
      expect(server.output(), point.label).not.toContain('Passwatch is running at');
    }
  },
  PROCESS_TEST_TIMEOUT_MS,
);

it(
  'a start on a busy port fails with a clear EADDRINUSE message before any background job runs',
  async () => {
    database ??= await createTestDatabase();
    await database.pool.query('drop schema if exists pgboss cascade');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as net.AddressInfo).port;
      const server = startServer({ DATABASE_URL: database.url, PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`failed to start: port ${port} on 127.0.0.1 is already in use (EADDRINUSE)`);
      // The job engine never started: it creates its schema first thing.
      const { rows } = await database.pool.query<{ found: boolean }>(
        "select exists (select 1 from information_schema.schemata where schema_name = 'pgboss') as found",
      );
      expect(rows[0]?.found).toBe(false);
    } finally {
      blocker.close();
    }
  },
  PROCESS_TEST_TIMEOUT_MS,
);
