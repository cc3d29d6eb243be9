import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { sampleDatabaseGauges } from './database-gauges.js';
import { metricsRegistry, recordHttpRequest, UNMATCHED_ROUTE } from './registry.js';

export interface MetricsEndpointOptions {
  pool: pg.Pool;
  /** A scrape must send `Authorization: Bearer <token>`; undefined: no token asked (only on a port of its own). */
  token: string | undefined;
}

/** Counts every answer of `app` by its route template (never the path a client typed) and times it. */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    recordHttpRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/** GET /metrics in the Prometheus text format, the database figures read at the moment of the scrape. */
export function registerMetricsRoute(app: FastifyInstance, options: MetricsEndpointOptions): void {
  const expected = options.token === undefined ? null : digest(`Bearer ${options.token}`);
  app.get('/metrics', async (request, reply) => {
    // Compared as digests: equal length, so the comparison's time says nothing about the token.
    if (expected !== null && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A bearer token (METRICS_TOKEN) is required to read the metrics' });
    }
    await sampleDatabaseGauges(options.pool);
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}

/** METRICS_PORT: /metrics alone on a port of its own (bound to METRICS_HOST), for a scraper inside the network. */
export async function startMetricsServer(options: MetricsEndpointOptions & { port: number; host: string }): Promise<{ url: string; close(): Promise<void> }> {
  const server = Fastify({ logger: false });
  registerMetricsRoute(server, options);
  const address = await server.listen({ port: options.port, host: options.host });
  return { url: `${address}/metrics`, close: () => server.close() };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
