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
  it('is answered 408 and cut off long before it has sent its body, one byte every 200 ms', async () => {
    const socket = connect(port, '127.0.0.1');
    const bodyLength = 100;
    socket.write(`POST /api/tenants HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bodyLength}\r\n\r\n`);
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.writable && sent < bodyLength) {
        socket.write(' ');
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
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Cut off after about a second of a 20-second trickle.
    expect(sent).toBeLessThan(bodyLength / 2);
  });
});
