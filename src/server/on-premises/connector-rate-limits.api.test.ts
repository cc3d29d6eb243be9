// The connector wire's rate limits over HTTP against a real database (docs/connector.md §Rate
// limits): requests per connector key, and wrong keys per client address, refused before the key
// is looked up. Two app instances on one database share both counters.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import { onPremisesConnectors } from '../db/schema/index.js';
import { organizationOwner, startApiHarness, type ApiHarness } from '../test-support/api-harness.js';
import { testConfig } from '../test-support/test-config.js';

const LIMITS = { RATE_LIMIT_CONNECTOR_REQUESTS_PER_MINUTE: '5', RATE_LIMIT_CONNECTOR_KEY_FAILURES_PER_HOUR: '3' };

let harness: ApiHarness;
/** A second instance on the same database and clock, as behind a load balancer. */
let secondInstance: FastifyInstance;

beforeAll(async () => {
  harness = await startApiHarness(LIMITS);
  const config = testConfig({ ...LIMITS, ENTRA_AUTHORITY_URL: harness.graph.baseUrl, GRAPH_API_URL: harness.graph.baseUrl });
  secondInstance = await buildApp({
    config,
    db: harness.database.db,
    oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
    clock: harness.graph.clock.now,
  });
});
afterAll(async () => {
  await secondInstance?.close();
  await harness?.close();
});

async function enrol(): Promise<string> {
  const owner = await organizationOwner(harness);
  const response = await harness.app.inject({ method: 'POST', url: '/api/on-premises/connectors', headers: owner.headers, payload: { name: 'DC01' } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { key: string }).key;
}

/** A commit of a snapshot that was never begun: a cheap request that reaches the route (404) once the key passes. */
function commit(app: FastifyInstance, key: string, remoteAddress = '198.51.100.10') {
  return app.inject({
    method: 'POST',
    url: `/api/connector/v1/snapshots/${randomUUID()}/commit`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: '{}',
    remoteAddress,
  });
}

const wrongKey = () => `pwc_${'A'.repeat(43)}`;

describe('requests per connector key', () => {
  it('answers 429 with Retry-After past the limit, counted across instances, for that key alone, until the minute is over', async () => {
    const key = await enrol();
    const other = await enrol();
    const statuses: number[] = [];
    for (let request = 0; request < 5; request += 1) statuses.push((await commit(request % 2 ? secondInstance : harness.app, key)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);

    const refused = await commit(secondInstance, key);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^This connector key sent more than 5 requests in a minute\. Please wait (\d+ seconds?|1 minute)\.$/),
    });
    // Another organization's key is counted apart.
    expect((await commit(harness.app, other)).statusCode).toBe(404);

    harness.graph.clock.advance(61_000);
    expect((await commit(harness.app, key)).statusCode).toBe(404);
  });

  it('lets a 100,000-user snapshot (begin, 20 batches of 5,000, commit) through at the default limit many times over', () => {
    const requestsPerSnapshot = 1 + 100_000 / 5_000 + 1;
    const defaults = testConfig({}).rateLimits;
    // Ten such domains sent back to back within one minute still fit.
    expect(10 * requestsPerSnapshot).toBeLessThan(defaults.connectorRequestsPerMinute);
  });
});

describe('wrong keys per client address', () => {
  it('refuses an address after too many wrong keys, even with a right key, without looking the key up; other addresses go on', async () => {
    const key = await enrol();
    const address = '203.0.113.50';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const app = attempt % 2 ? secondInstance : harness.app;
      expect((await commit(app, wrongKey(), address)).statusCode).toBe(401);
    }
    const before = await harness.database.db
      .select({ lastSeenAt: onPremisesConnectors.lastSeenAt })
      .from(onPremisesConnectors)
      .where(eq(onPremisesConnectors.keyHint, key.slice(-4)));

    const blocked = await commit(secondInstance, wrongKey(), address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(blocked.json()).toEqual({ message: expect.stringMatching(/^Too many wrong connector keys from your network\. Please wait \d+ (minute|hour)s?\.$/) });
    // A right key from that address is refused alike (the answer says nothing about keys) and is not even looked up.
    expect((await commit(harness.app, key, address)).statusCode).toBe(429);
    const after = await harness.database.db
      .select({ lastSeenAt: onPremisesConnectors.lastSeenAt })
      .from(onPremisesConnectors)
      .where(eq(onPremisesConnectors.keyHint, key.slice(-4)));
    expect(after).toEqual(before);

    // Another address is not affected.
    expect((await commit(harness.app, key, '203.0.113.51')).statusCode).toBe(404);
    // The hour over, the address may try again.
    harness.graph.clock.advance(3_601_000);
    expect((await commit(harness.app, key, address)).statusCode).toBe(404);
  });

  it('counts a request without any key as a wrong one', async () => {
    const address = '203.0.113.60';
    const bare = () =>
      harness.app.inject({
        method: 'POST',
        url: `/api/connector/v1/snapshots/${randomUUID()}/commit`,
        payload: '{}',
        headers: { 'content-type': 'application/json' },
        remoteAddress: address,
      });
    expect([(await bare()).statusCode, (await bare()).statusCode, (await bare()).statusCode]).toEqual([401, 401, 401]);
    expect((await bare()).statusCode).toBe(429);
  });
});
