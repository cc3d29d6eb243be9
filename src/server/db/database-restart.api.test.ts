import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client.js';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from './embedded-postgres.js';
import { isProcessAlive } from './orphaned-postgres.js';

// A server of this file's own (its own folder and port), so stopping and restarting it touches
// no other test file's database.
let dataDir: string;
let otherDir: string | undefined;
let port: number;
let server: EmbeddedPostgresServer | null = null;
let database: DatabaseHandle | null = null;
const connectionErrors: Error[] = [];

const start = async () => (server = await startEmbeddedPostgres({ dataDir, port }));
const postmasterPid = async () => Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'passwatch-restart-'));
  const first = await startEmbeddedPostgres({ dataDir, port: 0 });
  port = Number(new URL(first.adminUrl).port);
  server = first;
  database = connectDatabase(first.adminUrl, 3, (error) => connectionErrors.push(error));
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
  for (const dir of [dataDir, otherDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

it('survives a PostgreSQL restart while a client is checked out inside a transaction, and the next query succeeds', async () => {
  const held = await database!.pool.connect();
  await held.query('begin');
  await held.query('select 1');
  await server!.stop();
  // The held client's connection is gone: pg emits 'error' on it, which no longer crashes the process.
  await expect.poll(() => connectionErrors.length, { timeout: 10_000 }).toBeGreaterThan(0);
  held.release(true);
  await start();
  const answer = await database!.pool.query('select 41 + 1 as answer');
  expect(answer.rows[0].answer).toBe(42);
});

it('stops a server of its data folder left running by a process that died (kill -9), then starts', async () => {
  // The server belongs to another Node process which is then killed with SIGKILL, so nothing of it
  // stops the server: the orphan an `npm start` leaves after kill -9.
  await database!.close();
  database = null;
  await server!.stop();
  server = null;
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve('src/server/db/embedded-postgres.ts'))};
    await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
    console.log('started');
    setInterval(() => {}, 1000);`;
  const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    owner.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve());
    owner.once('exit', (code) => reject(new Error(`the owner process exited (${code}) before starting its server`)));
  });
  const orphan = await postmasterPid();
  owner.kill('SIGKILL');
  await new Promise((resolve) => owner.once('exit', resolve));
  expect(isProcessAlive(orphan)).toBe(true);

  const logged: string[] = [];
  server = await startEmbeddedPostgres({ dataDir, port, onNotice: (line) => logged.push(line) });
  expect(isProcessAlive(orphan)).toBe(false);
  expect(logged.join('\n')).toContain(`Stopping the embedded PostgreSQL (PID ${orphan}) left running by an earlier start`);
  database = connectDatabase(server.adminUrl, 1);
  expect((await database.pool.query('select 1 as one')).rows[0].one).toBe(1);
});

it('names the cause when the server cannot start', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const busyPort = (blocker.address() as net.AddressInfo).port;
  otherDir = await mkdtemp(path.join(tmpdir(), 'passwatch-busy-port-'));
  try {
    const failure: unknown = await startEmbeddedPostgres({ dataDir: otherDir, port: busyPort }).then(
      () => 'started',
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/did not start: .*(could not bind|Address already in use)/);
  } finally {
    blocker.close();
  }
});
