import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../test-support/api-harness.js';

let harness: ApiHarness;
let port: number;

beforeAll(async () => {
  harness = await startApiHarness({ REQUEST_TIMEOUT_MS: '1000' });
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  const address = harness.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => harness?.close());

describe('a client that trickles its request', () => {
  /** Sends `head`, then `byte` every 200 ms up to 100 times; what the server answered and how many bytes went out. */
  async function trickle(head: string, byte: string): Promise<{ answer: string; sent: number }> {
    const socket = connect(port, '127.0.0.1');
    socket.write(head);
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.writable && sent < 100) {
        socket.write(byte);
        sent += 1;
      }
    }, 200);
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    await new Promise<void>((resolve) => {
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    clearInterval(timer);
    return { answer, sent };
  }

  it('is answered 408 and cut off long before it has sent its body, one byte every 200 ms', async () => {
    const { answer, sent } = await trickle(
      'POST /api/tenants HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      ' ',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Cut off after about a second of a 20-second trickle.
    expect(sent).toBeLessThan(50);
  });

  it('is cut off the same when its body comes in chunks (no Content-Length)', async () => {
    const head = 'POST /api/tenants HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const { answer, sent } = await trickle(head, '1\r\n \r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(50);
  });
});
