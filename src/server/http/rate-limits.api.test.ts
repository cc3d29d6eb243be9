import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentitySimulator, type IdentitySimulator } from '../../simulators/identity/identity-simulator.js';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { loginRequests, rateLimitCounters } from '../db/schema/index.js';
import { createOrganization, createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { countRequest } from './rate-limit-store.js';
import { describeWait } from './rate-limits.js';

const APP_URL = 'http://localhost:3000';
let database: DatabaseHandle;
let identity: IdentitySimulator;
let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;
const apps: FastifyInstance[] = [];

/** An app on the shared test database, as one of several instances behind a load balancer. */
async function instance(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = testConfig({ OIDC_ISSUER_URL: identity.issuerUrl, OIDC_CLIENT_ID: 'passwatch', OIDC_CLIENT_SECRET: 's3cret', ...overrides });
  const app = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${APP_URL}/api/callback`), clock });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  identity = createIdentitySimulator({
    clients: [{ clientId: 'passwatch', clientSecret: 's3cret', redirectUris: [`${APP_URL}/api/callback`], postLogoutRedirectUris: [`${APP_URL}/`] }],
  });
  await identity.listen(0, '127.0.0.1');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await identity?.close();
  await database?.close();
});

async function signedInMember() {
  const user = await createUser(database.db);
  const organization = await createOrganization(database.db, user);
  const cookie = await sessionCookieFor(database.db, user);
  return { cookie, headers: { cookie, 'x-tenant-id': organization.id } };
}

describe('sign-in starts', () => {
  it('200 starts from one address write only as many sign-in requests as the limit allows; the rest get a page with Retry-After', async () => {
    const app = await instance({ RATE_LIMIT_SIGN_INS_PER_MINUTE: '5' });
    const before = (await database.db.select().from(loginRequests)).length;
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof app.inject>> | undefined;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const response = await app.inject({ method: 'GET', url: attempt % 2 ? '/api/login' : '/api/auth/login', remoteAddress: '203.0.113.7' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused = response;
    }
    expect(statuses.filter((status) => status === 302)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    expect((await database.db.select().from(loginRequests)).length - before).toBe(5);

    expect(refused!.headers['content-type']).toContain('text/html');
    expect(refused!.headers['retry-after']).toBe('60');
    expect(refused!.body).toContain('Too many sign-in attempts from your network. Please wait 1 minute and sign in again.');

    // Another address has its own allowance.
    expect((await app.inject({ method: 'GET', url: '/api/login', remoteAddress: '198.51.100.9' })).statusCode).toBe(302);
    // A minute later the address may start again.
    now = new Date(now.getTime() + 60_000);
    expect((await app.inject({ method: 'GET', url: '/api/login', remoteAddress: '203.0.113.7' })).statusCode).toBe(302);
  });

  it('counts the client address from X-Forwarded-For only with TRUST_PROXY', async () => {
    const behindProxy = await instance({ RATE_LIMIT_SIGN_INS_PER_MINUTE: '1', TRUST_PROXY: 'true' });
    const direct = await instance({ RATE_LIMIT_SIGN_INS_PER_MINUTE: '1' });
    const start = (app: FastifyInstance, client: string) =>
      app
        .inject({ method: 'GET', url: '/api/login', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': client } })
        .then((response) => response.statusCode);

    expect(await start(behindProxy, '192.0.2.1')).toBe(302);
    expect(await start(behindProxy, '192.0.2.2')).toBe(302);
    expect(await start(behindProxy, '192.0.2.1')).toBe(429);

    now = new Date(now.getTime() + 60_000);
    // Without a trusted proxy the header is anyone's to forge: the connection's address counts.
    expect(await start(direct, '192.0.2.3')).toBe(302);
    expect(await start(direct, '192.0.2.4')).toBe(429);
  });
});

describe('signed-in actions', () => {
  it.each([
    [
      'test email',
      'RATE_LIMIT_EMAILS_PER_HOUR',
      '/api/send-test-email',
      { email: 'admin@example.org' },
      'You have sent the most emails allowed in an hour (2 test and manual emails). Please try again in 1 hour.',
    ],
    ['run-check', 'RATE_LIMIT_CHECKS_PER_HOUR', '/api/run-check', {}, 'You have run the most checks allowed in an hour (2). Please try again in 1 hour.'],
    [
      'organization creation',
      'RATE_LIMIT_ORGANIZATIONS_PER_DAY',
      '/api/tenants',
      { name: 'Fabrikam', domain: 'fabrikam.com' },
      'You have created the most organizations allowed in a day (2). Please try again in 24 hours.',
    ],
  ])('%s: per user, a clear 429 with Retry-After once the limit is reached', async (_label, setting, url, payload, message) => {
    const app = await instance({ [setting]: '2' });
    const alice = await signedInMember();
    const bob = await signedInMember();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await app.inject({ method: 'POST', url, headers: alice.headers, payload })).statusCode).not.toBe(429);
    }
    const refused = await app.inject({ method: 'POST', url, headers: alice.headers, payload });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Bob is counted on his own.
    expect((await app.inject({ method: 'POST', url, headers: bob.headers, payload })).statusCode).not.toBe(429);
  });

  it('test and manual emails share one allowance', async () => {
    const app = await instance({ RATE_LIMIT_EMAILS_PER_HOUR: '2' });
    const member = await signedInMember();
    await app.inject({ method: 'POST', url: '/api/send-test-email', headers: member.headers, payload: { email: 'admin@example.org' } });
    await app.inject({ method: 'POST', url: '/api/send-test-email', headers: member.headers, payload: { email: 'admin@example.org' } });
    const manual = await app.inject({ method: 'POST', url: '/api/send-manual-email', headers: member.headers, payload: { userId: 'x' } });
    expect(manual.statusCode).toBe(429);
  });

  it('a request without a session is refused as before and not counted', async () => {
    const app = await instance({ RATE_LIMIT_ORGANIZATIONS_PER_DAY: '1' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await app.inject({ method: 'POST', url: '/api/tenants', payload: { name: 'A', domain: 'a.com' } })).statusCode).toBe(401);
    }
  });

  it('holds across instances on one database', async () => {
    const first = await instance({ RATE_LIMIT_ORGANIZATIONS_PER_DAY: '2' });
    const second = await instance({ RATE_LIMIT_ORGANIZATIONS_PER_DAY: '2' });
    const member = await signedInMember();
    const create = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/tenants', headers: { cookie: member.headers.cookie }, payload: { name: 'Fabrikam', domain: 'fabrikam.com' } });
    expect((await create(first)).statusCode).toBe(201);
    expect((await create(second)).statusCode).toBe(201);
    expect((await create(first)).statusCode).toBe(429);
    expect((await create(second)).statusCode).toBe(429);
  });
});

describe('countRequest', () => {
  it('loses no hit when many requests count at once, and starts a new window when the last is over', async () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const results = await Promise.all(Array.from({ length: 25 }, () => countRequest(database.db, at, 'test:concurrent', 60_000)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(results.every((result) => result.ttl === 60_000)).toBe(true);

    const later = await countRequest(database.db, new Date(at.getTime() + 45_000), 'test:concurrent', 60_000);
    expect(later).toEqual({ current: 26, ttl: 15_000 });
    const next = await countRequest(database.db, new Date(at.getTime() + 60_000), 'test:concurrent', 60_000);
    expect(next).toEqual({ current: 1, ttl: 60_000 });
    const [row] = await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'test:concurrent'));
    expect(row!.windowEndsAt.toISOString()).toBe('2026-03-02T10:02:00.000Z');
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3_599, '60 minutes'],
    [3_600, '1 hour'],
    [3_601, '2 hours'],
    [86_400, '24 hours'],
  ])('%i s -> %s', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});
