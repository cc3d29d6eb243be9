import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedTransmission } from './independent-webhook-verifier.js';

export interface ReceivedWebhook extends ReceivedTransmission {
  event: { id: string; event_type: string; resource_type: string; resource: Record<string, unknown>; [key: string]: unknown };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status codes to answer with, one per request in order; 200 once used up. */
  respondWith(statuses: number[]): void;
  eventTypes(): string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A merchant endpoint on loopback that records every webhook POST with its raw bytes. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let statuses: number[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((rawBody) => {
      received.push({ headers: request.headers, rawBody, event: JSON.parse(rawBody.toString('utf8')) });
      response.statusCode = statuses.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paypal/webhook`,
    received,
    respondWith(next) {
      statuses = [...next];
    },
    eventTypes: () => received.map((webhook) => webhook.event.event_type),
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
