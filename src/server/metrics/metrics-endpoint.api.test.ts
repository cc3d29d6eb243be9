import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, startApiHarness } from '../test-support/api-harness.js';
import { startMetricsServer } from './metrics-routes.js';

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('where /metrics answers', () => {
  it('nowhere on the app without METRICS_TOKEN', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('on METRICS_PORT, without a token when none is set', async () => {
    const server = await startMetricsServer({ pool: harness.database.pool, token: undefined, port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(server.url);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('# TYPE passwatch_http_requests_total counter');
      expect(body).toContain('passwatch_ready 1');
      expect(body).toMatch(/passwatch_db_pool_connections\{state="in_use"\} \d+/);
    } finally {
      await server.close();
    }
  });

  it('on METRICS_PORT, asking the token when one is set', async () => {
    const token = 'a-token-for-the-metrics-port';
    const server = await startMetricsServer({ pool: harness.database.pool, token, port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(server.url)).status).toBe(401);
      expect((await fetch(server.url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
