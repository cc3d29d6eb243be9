import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryAfterMs, sendJson } from '../src/http-client.js';
import { connectorFailure } from './connector-failure.js';

const KEY = `pwc_${'A'.repeat(43)}`;

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang-up';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A local server answering each request with the next of `answers`; it records what it got. */
async function serve(answers: Answer[]): Promise<{ url: URL; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const answer = answers.shift() ?? { status: 500, body: { message: 'no answer left' } };
      if (answer === 'hang-up') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: new URL(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`), received };
}

function recordingPolicy(): { policy: RetryPolicy; waits: number[] } {
  const waits: number[] = [];
  return { waits, policy: { ...DEFAULT_RETRY_POLICY, attempts: 4, sleep: async (ms) => void waits.push(ms) } };
}

describe('sendJson', () => {
  it('sends the body gzip-compressed with the key as a bearer token and returns the answer', async () => {
    const { url, received } = await serve([{ status: 201, body: { snapshotId: 'x', maxUsersPerBatch: 5000 } }]);
    const answer = await sendJson({ url, key: KEY }, 'POST', '/api/connector/v1/snapshots', { big: '134402407392244581' }, 'the begin');
    expect(answer).toEqual({ snapshotId: 'x', maxUsersPerBatch: 5000 });
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.url).toBe('/api/connector/v1/snapshots');
    expect(received[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(received[0]!.headers['content-encoding']).toBe('gzip');
    expect(received[0]!.body).toEqual({ big: '134402407392244581' });
  });

  it('retries 5xx, a request timeout (408) and a dropped connection with growing backoff, then succeeds with the same body', async () => {
    const { url, received } = await serve([{ status: 503, body: { message: 'busy' } }, 'hang-up', { status: 408 }, { status: 200, body: { received: 2 } }]);
    const { policy, waits } = recordingPolicy();
    const answer = await sendJson({ url, key: KEY }, 'PUT', '/api/connector/v1/snapshots/s/batches/0', { users: [1, 2] }, 'batch 0', policy);
    expect(answer).toEqual({ received: 2 });
    expect(received.map((each) => each.body)).toEqual([{ users: [1, 2] }, { users: [1, 2] }, { users: [1, 2] }, { users: [1, 2] }]);
    expect(waits).toHaveLength(3);
    // Full jitter within half to all of base, 2x base, 4x base.
    waits.forEach((wait, index) => {
      const ceiling = DEFAULT_RETRY_POLICY.baseDelayMs * 2 ** index;
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
      expect(wait).toBeLessThanOrEqual(ceiling);
    });
  });

  it("honours a 429's Retry-After", async () => {
    const { url } = await serve([
      { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '7' } },
      { status: 200, body: { received: 1 } },
    ]);
    const { policy, waits } = recordingPolicy();
    await sendJson({ url, key: KEY }, 'PUT', '/x', {}, 'batch 0', policy);
    expect(waits).toEqual([7000]);
  });

  it('gives up after the last attempt with exit code 9, naming the last failure', async () => {
    const { url, received } = await serve([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500, body: { message: 'database down' } }]);
    const { policy, waits } = recordingPolicy();
    const failure = await connectorFailure(sendJson({ url, key: KEY }, 'POST', '/x', {}, 'the commit', policy));
    expect(failure.exitCode).toBe(EXIT.serverUnavailable);
    expect(failure.message).toMatch(/the commit.*after 4 attempts.*500: database down/);
    expect(received).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('retries when nothing listens, then reports the server unavailable', async () => {
    const { url } = await serve([]);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const { policy } = recordingPolicy();
    const failure = await connectorFailure(sendJson({ url, key: KEY }, 'POST', '/x', {}, 'the begin', policy));
    expect(failure.exitCode).toBe(EXIT.serverUnavailable);
    expect(failure.message).toContain('ECONNREFUSED');
  });

  it('does not retry a refused key (401): exit code 7', async () => {
    const { url, received } = await serve([{ status: 401, body: { message: 'Connector key is not valid or was revoked.' } }]);
    const failure = await connectorFailure(sendJson({ url, key: KEY }, 'POST', '/x', {}, 'the begin', recordingPolicy().policy));
    expect(failure.exitCode).toBe(EXIT.keyRefused);
    expect(failure.message).toContain('Connector key is not valid or was revoked.');
    expect(failure.message).not.toContain(KEY);
    expect(received).toHaveLength(1);
  });

  it('does not retry 400, 404, 409 or 413: exit code 8 with the server message', async () => {
    for (const status of [400, 404, 409, 413]) {
      const { url, received } = await serve([{ status, body: { message: `users.0.objectSid: refused ${status}` } }]);
      const failure = await connectorFailure(sendJson({ url, key: KEY }, 'PUT', '/x', {}, 'batch 0', recordingPolicy().policy));
      expect(failure.exitCode).toBe(EXIT.serverRefusedData);
      expect(failure.message).toBe(`the server refused batch 0 with ${status}: users.0.objectSid: refused ${status}`);
      expect(received).toHaveLength(1);
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-27T08:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 07:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
