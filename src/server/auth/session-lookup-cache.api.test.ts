// Session lookups are kept for a few seconds per instance; these tests hold that nothing kept
// outlives a sign-out, a sign-out everywhere or an account deletion, on this instance or another.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { memberships } from '../db/schema/index.js';
import { type ApiHarness, startApiHarness } from '../test-support/api-harness.js';
import { createOrganization, createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { OidcProvider } from './oidc-provider.js';

let harness: ApiHarness;
/** A second instance of the app on the same database, as behind a load balancer. */
let otherInstance: FastifyInstance;

beforeAll(async () => {
  harness = await startApiHarness();
  const config = testConfig();
  otherInstance = await buildApp({ config, db: harness.database.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`) });
});

afterAll(async () => {
  await otherInstance.close();
  await harness.close();
});

/** A user with an organization and `sessions` signed-in cookies. */
async function owner(sessions = 1) {
  const user = await createUser(harness.database.db);
  const organization = await createOrganization(harness.database.db, user);
  const cookies = [];
  for (let count = 0; count < sessions; count++) cookies.push(await sessionCookieFor(harness.database.db, user));
  return { user, tenantId: organization.id, cookies };
}

/** GET /api/configuration (a tenant-scoped route) twice, so the instance has kept the lookup. */
async function dashboardRead(app: FastifyInstance, cookie: string, tenantId: string): Promise<number> {
  const request = { method: 'GET' as const, url: '/api/configuration', headers: { cookie, 'x-tenant-id': tenantId } };
  await app.inject(request);
  return (await app.inject(request)).statusCode;
}

describe('kept session lookups', () => {
  it('refuse a signed-out session at once', async () => {
    const { tenantId, cookies } = await owner();
    expect(await dashboardRead(harness.app, cookies[0]!, tenantId)).toBe(200);

    expect((await harness.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: cookies[0]! } })).statusCode).toBe(200);

    expect(await dashboardRead(harness.app, cookies[0]!, tenantId)).toBe(401);
  });

  it("refuse the user's other sessions at once after signing out everywhere", async () => {
    const { tenantId, cookies } = await owner(2);
    expect(await dashboardRead(harness.app, cookies[1]!, tenantId)).toBe(200);

    const signOut = await harness.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { cookie: cookies[0]! } });
    expect(signOut.json()).toMatchObject({ endedSessions: 2 });

    expect(await dashboardRead(harness.app, cookies[1]!, tenantId)).toBe(401);
  });

  it('are dropped by another instance when it hears that the sessions ended', async () => {
    const { tenantId, cookies } = await owner(2);
    expect(await dashboardRead(otherInstance, cookies[1]!, tenantId)).toBe(200);

    await harness.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { cookie: cookies[0]! } });

    // PostgreSQL delivers the notice to the other instance as the sign-out commits.
    await vi.waitFor(async () => expect(await dashboardRead(otherInstance, cookies[1]!, tenantId)).toBe(401));
  });

  it("refuse a member of an organization deleted with its owner's account, on every instance", async () => {
    const alice = await owner();
    const bob = await createUser(harness.database.db);
    await harness.database.db.insert(memberships).values({ tenantId: alice.tenantId, userId: bob.id, role: 'admin' });
    const bobCookie = await sessionCookieFor(harness.database.db, bob);
    expect(await dashboardRead(harness.app, bobCookie, alice.tenantId)).toBe(200);
    expect(await dashboardRead(otherInstance, bobCookie, alice.tenantId)).toBe(200);

    const deletion = await harness.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: alice.cookies[0]! },
      payload: { confirmation: 'DELETE' },
    });
    expect(deletion.statusCode).toBe(200);

    expect(await dashboardRead(harness.app, bobCookie, alice.tenantId)).toBe(404);
    await vi.waitFor(async () => expect(await dashboardRead(otherInstance, bobCookie, alice.tenantId)).toBe(404));
  });
});
