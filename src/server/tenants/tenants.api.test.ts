import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createGuards, OidcProvider, SessionStore } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { tenants } from '../db/schema/index.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { createOrganization, createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`) });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function signedIn() {
  const user = await createUser(database.db);
  return { user, cookie: await sessionCookieFor(database.db, user) };
}

describe('organizations API', () => {
  it('refuses callers without a session', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/tenants' });
    expect(list.statusCode).toBe(401);
    const create = await app.inject({ method: 'POST', url: '/api/tenants', payload: { name: 'A', domain: 'a.com' } });
    expect(create.statusCode).toBe(401);
  });

  it("creates an organization owned by the caller and lists only the caller's", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const created = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: alice.cookie },
      payload: { name: '  Contoso Ltd ', domain: 'Contoso.COM' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Contoso Ltd', domain: 'contoso.com', role: 'owner', subscriptionStatus: 'none' });

    const aliceList = await app.inject({ method: 'GET', url: '/api/tenants', headers: { cookie: alice.cookie } });
    expect(aliceList.json().map((t: { id: string }) => t.id)).toEqual([created.json().id]);
    const bobList = await app.inject({ method: 'GET', url: '/api/tenants', headers: { cookie: bob.cookie } });
    expect(bobList.json()).toEqual([]);

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: alice.cookie } });
    expect(me.json().tenants).toHaveLength(1);
  });

  it('lets a user belong to several organizations', async () => {
    const carol = await signedIn();
    for (const name of ['First Co', 'Second Co']) {
      const response = await app.inject({ method: 'POST', url: '/api/tenants', headers: { cookie: carol.cookie }, payload: { name, domain: 'example.org' } });
      expect(response.statusCode).toBe(201);
    }
    const list = await app.inject({ method: 'GET', url: '/api/tenants', headers: { cookie: carol.cookie } });
    expect(list.json().map((t: { name: string }) => t.name)).toEqual(['First Co', 'Second Co']);
  });

  it.each([
    [{ name: '', domain: 'contoso.com' }, 'Company name is required', 'name'],
    [{ domain: 'contoso.com' }, 'Company name is required', 'name'],
    [{ name: 'Contoso', domain: '' }, 'Domain is required', 'domain'],
    [{ name: 'Contoso' }, 'Domain is required', 'domain'],
    [{ name: 'Contoso', domain: 'not a domain' }, 'Please enter a valid domain', 'domain'],
    [{ name: 'Contoso', domain: 'contoso' }, 'Please enter a valid domain', 'domain'],
    [{ name: 'Contoso', domain: 'http://contoso.com' }, 'Please enter a valid domain', 'domain'],
    [{ name: 42, domain: 'contoso.com' }, 'Company name is required', 'name'],
  ])('answers 400 with the documented message for %j and creates nothing', async (payload, message, field) => {
    const dave = await signedIn();
    const before = await database.db.$count(tenants);
    const response = await app.inject({ method: 'POST', url: '/api/tenants', headers: { cookie: dave.cookie }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fieldErrors[field]).toContain(message);
    expect(await database.db.$count(tenants)).toBe(before);
  });

  it('answers malformed JSON, wrong content and oversized bodies with a 4xx and a clear message', async () => {
    const erin = await signedIn();
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: erin.cookie, 'content-type': 'application/json' },
      payload: '{"name": "A",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Request body is not valid JSON');

    const oversized = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: erin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), domain: 'a.com' }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().message).toBe('Request body is too large');

    const list = await app.inject({ method: 'GET', url: '/api/tenants', headers: { cookie: erin.cookie } });
    expect(list.json()).toEqual([]);
  });

  it('refuses a forged session cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: 'pw_session=forged-token-value' } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses state-changing requests from another origin', async () => {
    const frank = await signedIn();
    const response = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: frank.cookie, origin: 'https://evil.example' },
      payload: { name: 'Evil', domain: 'evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: frank.cookie, 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Evil', domain: 'evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: frank.cookie, origin: 'http://localhost:3000' },
      payload: { name: 'Fine', domain: 'fine.example' },
    });
    expect(sameOrigin.statusCode).toBe(201);
    const list = await app.inject({ method: 'GET', url: '/api/tenants', headers: { cookie: frank.cookie } });
    expect(list.json().map((t: { name: string }) => t.name)).toEqual(['Fine']);
  });

  it("keeps a membership check in one guard: missing header 400, someone else's organization 404", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const org = await createOrganization(database.db, owner.user);
    const probe = await buildProbeApp();
    const missing = await probe.inject({ method: 'GET', url: '/probe', headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Tenant ID required');
    const foreign = await probe.inject({ method: 'GET', url: '/probe', headers: { cookie: stranger.cookie, 'x-tenant-id': org.id } });
    expect(foreign.statusCode).toBe(404);
    const malformed = await probe.inject({ method: 'GET', url: '/probe', headers: { cookie: owner.cookie, 'x-tenant-id': 'not-a-uuid' } });
    expect(malformed.statusCode).toBe(404);
    const own = await probe.inject({ method: 'GET', url: '/probe', headers: { cookie: owner.cookie, 'x-tenant-id': org.id } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ tenantId: org.id, role: 'owner' });
    await probe.close();
  });
});

/** A throwaway route behind the same guard every tenant-scoped route uses. */
async function buildProbeApp() {
  const probe = Fastify();
  probe.decorateRequest('auth', null);
  probe.decorateRequest('tenantAccess', null);
  await probe.register(fastifyCookie);
  registerErrorHandler(probe);
  const guards = createGuards(new SessionStore(database.db, { idleTimeoutMs: 3_600_000, maxAgeMs: 86_400_000 }, () => new Date()));
  probe.get('/probe', { preHandler: guards.requireTenant }, async (request) => request.tenantAccess);
  return probe;
}
