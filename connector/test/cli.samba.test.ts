// The connector as a scheduler runs it: the command line, its exit codes, and the daemon mode
// sending the Samba DC's snapshot to a stand-in server, then stopping on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { beginSnapshotBodySchema, snapshotBatchBodySchema } from '../../src/shared/api/connector-snapshot.js';
import { EXIT } from '../src/errors.js';
import { requireDc, sambaDc } from './samba-dc.js';

const KEY = `pwc_${'d'.repeat(43)}`;

function startConnector(args: string[]): { child: ChildProcess; exit: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'connector/src/main.ts', ...args], { env: { ...process.env, PASSWATCH_CONNECTOR_CONFIG: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, exit: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr }))) };
}

describe('the command line', () => {
  it('asks for exactly one mode and a configuration, with exit code 2 and the usage', async () => {
    const none = await startConnector([]).exit;
    expect(none.code).toBe(EXIT.configuration);
    expect(none.stderr).toContain('choose exactly one of --once, --interval and --dry-run');
    expect(none.stderr).toContain('Exit codes:');
    const two = await startConnector(['--once', '--dry-run', '--config', 'x.json']).exit;
    expect(two.code).toBe(EXIT.configuration);
    const unknown = await startConnector(['--everything']).exit;
    expect(unknown.code).toBe(EXIT.configuration);
    expect(unknown.stderr).toContain("Unknown option '--everything'");
  });

  it('takes an interval of 15 minutes to a day', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'connector-cli-'));
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ domains: [{ host: 'dc1', bindDn: 'x', password: 'y' }] }));
    const tooOften = await startConnector(['--interval', '5', '--config', join(dir, 'c.json')]).exit;
    expect(tooOften.code).toBe(EXIT.configuration);
    expect(tooOften.stderr).toContain('--interval takes whole minutes from 15 to 1440');
  });
});

const found = sambaDc();

describe.skipIf(!found && process.env.CI !== 'true')('--interval against the Samba DC and a stand-in server', () => {
  const received: { method: string; url: string; authorization: string | undefined; body: unknown }[] = [];
  let server: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it('sends a whole snapshot at once, then waits, and stops on SIGTERM with exit code 0', async () => {
    const dc = requireDc(found);
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8'));
        received.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
        const snapshotId = (received[0]!.body as { snapshotId: string }).snapshotId;
        const answer = request.url!.endsWith('/commit')
          ? { snapshotId, usersRead: 11, matched: 0, unmatchedAdUsers: 11, unmatchedGraphUsers: 0 }
          : request.method === 'PUT'
            ? { received: body.users.length }
            : { snapshotId, maxUsersPerBatch: 5000 };
        response.writeHead(request.method === 'POST' && !request.url!.endsWith('/commit') ? 201 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 'connector-daemon-'));
    writeFileSync(join(dir, 'connector.key'), KEY);
    writeFileSync(
      join(dir, 'connector.json'),
      JSON.stringify({
        serverUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        keyFile: 'connector.key',
        domains: [{ host: dc.host, bindDn: dc.reader.dn, password: dc.reader.password, caFile: dc.caFile }],
      }),
    );
    const { child, exit } = startConnector(['--interval', '15', '--config', join(dir, 'connector.json')]);
    const deadline = Date.now() + 20_000;
    while (!received.some((request) => request.url.endsWith('/commit')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const stopAsked = Date.now();
    child.kill('SIGTERM');
    const { code, stderr } = await exit;
    expect(code).toBe(EXIT.ok);
    expect(Date.now() - stopAsked).toBeLessThan(5_000);
    expect(stderr).toMatch(/snapshot [0-9a-f-]{36} committed: 11 users/);

    expect(received.map((request) => `${request.method} ${request.url.replace(/[0-9a-f-]{36}/, ':id')}`)).toEqual([
      'POST /api/connector/v1/snapshots',
      'PUT /api/connector/v1/snapshots/:id/batches/0',
      'POST /api/connector/v1/snapshots/:id/commit',
    ]);
    expect(new Set(received.map((request) => request.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    expect(beginSnapshotBodySchema.parse(received[0]!.body)).toMatchObject({ userCount: 11, batchCount: 1 });
    expect(snapshotBatchBodySchema.parse(received[1]!.body).users).toHaveLength(11);
    expect(received[2]!.body).toEqual({});
  });
});
