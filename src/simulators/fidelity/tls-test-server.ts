// TLS for tests that need the simulators over https (Microsoft's libraries refuse plain http):
// a certificate made at run time, a simulator app served behind node:https, and clients that
// trust that one certificate (a process-wide NODE_EXTRA_CA_CERTS cannot be set after start).
import { Agent as HttpsAgent, createServer, request as httpsRequest, type AgentOptions } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { generate } from 'selfsigned';

export interface TestCertificate {
  /** PEM; also the only CA the clients trust. */
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1, localhost and the extra host names given. */
export async function generateTestCertificate(hostNames: readonly string[] = []): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'passwatch-simulator.test' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60_000),
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }, ...hostNames.map((value) => ({ type: 2 as const, value }))],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

export interface TlsServer {
  /** `https://127.0.0.1:{port}` */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a (not yet listening) Fastify app over https on a random loopback port. */
export async function serveOverTls(app: FastifyInstance, certificate: TestCertificate): Promise<TlsServer> {
  await app.ready();
  const server = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => app.routing(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `https://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * An https agent that trusts only the test certificate and connects every request, whatever
 * host its URL names, to the loopback port given: a library with a fixed base URL (PayPal's
 * api-m.sandbox.paypal.com) reaches the simulator while still checking the certificate against
 * that host name.
 */
export function routingAgent(certificate: TestCertificate, port: number): HttpsAgent {
  class RoutingAgent extends HttpsAgent {
    override createConnection(
      options: AgentOptions & { host?: string; servername?: string },
      callback?: (error: Error | null, socket: Duplex) => void,
    ): Socket {
      const servername = options.servername ?? options.host;
      const create = HttpsAgent.prototype.createConnection as (this: HttpsAgent, options: object, callback?: unknown) => Socket;
      return create.call(this, { ...options, host: '127.0.0.1', port, servername }, callback);
    }
  }
  return new RoutingAgent({ ca: certificate.cert, keepAlive: false });
}

/** `fetch` over node:https trusting only the test certificate (the global fetch cannot be given a CA). */
export function trustingFetch(certificate: TestCertificate): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const agent = new HttpsAgent({ ca: certificate.cert, keepAlive: false });
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpsRequest(request.url, { method: request.method, headers: Object.fromEntries(request.headers), agent }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const single of Array.isArray(value) ? value : [value ?? '']) headers.append(name, single);
          }
          const status = incoming.statusCode ?? 500;
          const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(payload, { status, statusText: incoming.statusMessage ?? '', headers }));
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
