import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTOSO_TENANT_ID, FABRIKAM_TENANT_ID, generateAppCertificate, registerCertificateApp } from '../../simulators/graph/index.js';
import { configurations, memberships } from '../db/schema/index.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';
import { configurationFor, connectionStatus, organizationOwner, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';

const APP_ID = '7d2e4f6a-8b1c-4d3e-9f5a-6b7c8d9e0f1a';
const CALLBACK = 'http://localhost:3000/api/entra/consent-callback';
let harness: ApiHarness;

beforeAll(async () => {
  const certificate = await generateAppCertificate('Passwatch');
  harness = await startApiHarness({
    ENTRA_APP_CLIENT_ID: APP_ID,
    ENTRA_APP_CERTIFICATE: certificate.certificatePem,
    ENTRA_APP_PRIVATE_KEY: certificate.privateKeyPem,
  });
  await registerCertificateApp(harness.graph.simulator.state, { appId: APP_ID, displayName: 'Passwatch', redirectUris: [CALLBACK], certificate });
});
beforeEach(async () => {
  harness.graph.reset();
  // A tenant is connected through the Passwatch app by one organization at a time: each test connects Contoso afresh.
  await harness.database.db.delete(configurations);
});
afterAll(async () => {
  await harness?.close();
});

async function startConsent(member: Member, body: Record<string, unknown> = { returnTo: 'setup' }) {
  return harness.app.inject({ method: 'POST', url: '/api/entra/consent-start', headers: member.headers, payload: body });
}

/** Starts Connect with Microsoft and answers Microsoft's page the way the administrator does; resolves to the callback URL Microsoft sends the browser to. */
async function consentAnswer(member: Member, decision: 'accept' | 'cancel', account = CONTOSO_TENANT_ID): Promise<string> {
  const started = await startConsent(member);
  expect(started.statusCode).toBe(200);
  const consentPage = new URL(started.json<{ url: string }>().url);
  const form = new URLSearchParams({ ...Object.fromEntries(consentPage.searchParams), decision, account });
  const answered = await fetch(`${consentPage.origin}${consentPage.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answered.status).toBe(302);
  return answered.headers.get('location') ?? '';
}

/** The browser arriving at the callback with `member`'s session; resolves to where it is sent next. */
async function arriveAtCallback(member: Member, callbackUrl: string): Promise<string> {
  const url = new URL(callbackUrl);
  const response = await harness.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie: member.cookie } });
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
}

async function configurationOf(member: Member) {
  return (await harness.app.inject({ method: 'GET', url: '/api/configuration', headers: member.headers })).json();
}

async function testConnection(member: Member) {
  return (await harness.app.inject({ method: 'POST', url: '/api/test-configuration', headers: member.headers })).json();
}

async function latestAudit(member: Member) {
  const [entry] = (await harness.app.inject({ method: 'GET', url: '/api/audit-logs/1', headers: member.headers })).json();
  return entry;
}

describe('POST /api/entra/consent-start', () => {
  it("sends the organization's owner to Microsoft's admin-consent page for the Passwatch app", async () => {
    const owner = await organizationOwner(harness);
    const response = await startConsent(owner);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${harness.graph.baseUrl}/organizations/v2.0/adminconsent`);
    expect(url.searchParams.get('client_id')).toBe(APP_ID);
    expect(url.searchParams.get('scope')).toBe('https://graph.microsoft.com/.default');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('names the tenant the admin typed in the path, and refuses anything that is not a tenant', async () => {
    const owner = await organizationOwner(harness);
    const named = await startConsent(owner, { returnTo: 'configuration', tenant: 'contoso.onmicrosoft.com' });
    expect(new URL(named.json<{ url: string }>().url).pathname).toBe('/contoso.onmicrosoft.com/v2.0/adminconsent');
    const hostile = await startConsent(owner, { returnTo: 'configuration', tenant: '../common' });
    expect(hostile.statusCode).toBe(400);
    expect((await startConsent(owner, { returnTo: 'elsewhere' })).statusCode).toBe(400);
  });

  it('is for the owner of the organization only', async () => {
    const owner = await organizationOwner(harness);
    const colleague = await createUser(harness.database.db);
    await harness.database.db.insert(memberships).values({ tenantId: owner.tenantId, userId: colleague.id, role: 'admin' });
    const cookie = await sessionCookieFor(harness.database.db, colleague);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/entra/consent-start',
      headers: { cookie, 'x-tenant-id': owner.tenantId },
      payload: { returnTo: 'setup' },
    });
    expect(response.statusCode).toBe(403);
    const stranger = await organizationOwner(harness);
    const elsewhere = await harness.app.inject({
      method: 'POST',
      url: '/api/entra/consent-start',
      headers: { cookie: stranger.cookie, 'x-tenant-id': owner.tenantId },
      payload: { returnTo: 'setup' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('GET /api/entra/consent-callback', () => {
  it(
    'Accept connects the organization via the Passwatch app: no secret, the tenant from Microsoft, Test Connection ' + 'signs in with a certificate assertion',
    async () => {
      const owner = await organizationOwner(harness, { firstName: 'Grace', lastName: 'Hopper' });
      const next = await arriveAtCallback(owner, await consentAnswer(owner, 'accept'));
      expect(next).toBe('/dashboard?setup=open&entraConsent=connected');

      const configuration = await configurationOf(owner);
      expect(configuration).toMatchObject({
        configured: true,
        connectionMethod: 'passwatch_app',
        tenantId: CONTOSO_TENANT_ID,
        azureDirectoryId: CONTOSO_TENANT_ID,
        hasClientSecret: false,
        automationEnabled: false,
      });
      expect(await connectionStatus(harness, owner)).toMatchObject({ connectionStatus: 'connected', problem: null, missingPermissions: [] });
      expect(await latestAudit(owner)).toMatchObject({ category: 'connection', status: 'success' });

      const tokenRequestsBefore = harness.graph.requests.filter((request) => request.url.endsWith('/token')).length;
      const result = await testConnection(owner);
      expect(result.tenantConnection).toEqual({ status: 'success', message: `Signed in to tenant ${CONTOSO_TENANT_ID} via the Passwatch app.` });
      expect(result.graphPermissions.status).toBe('success');
      expect(result.connection).toMatchObject({ status: 'connected', problem: null });
      expect(harness.graph.requests.filter((request) => request.url.endsWith('/token')).length).toBeGreaterThan(tokenRequestsBefore);
    },
  );

  it('the From Email and the rest come from the form; the tenant, app and secret of a Passwatch app connection do not', async () => {
    const owner = await organizationOwner(harness);
    await arriveAtCallback(owner, await consentAnswer(owner, 'accept'));
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/configuration',
      headers: owner.headers,
      payload: configurationFor(undefined, {
        tenantId: FABRIKAM_TENANT_ID,
        azureDirectoryId: FABRIKAM_TENANT_ID,
        applicationId: randomUUID(),
        clientSecret: 'typed-secret',
        fromEmail: 'passwatch@contoso.com',
      }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      connectionMethod: 'passwatch_app',
      tenantId: CONTOSO_TENANT_ID,
      azureDirectoryId: CONTOSO_TENANT_ID,
      applicationId: APP_ID,
      hasClientSecret: false,
      fromEmail: 'passwatch@contoso.com',
    });
  });

  it('Cancel on the consent page comes back as declined and connects nothing', async () => {
    const owner = await organizationOwner(harness);
    expect(await arriveAtCallback(owner, await consentAnswer(owner, 'cancel'))).toBe('/dashboard?setup=open&entraConsent=declined');
    expect(await configurationOf(owner)).toMatchObject({ configured: false });
    expect(await latestAudit(owner)).toMatchObject({ category: 'configuration', status: 'error', message: expect.stringContaining('(AADSTS65004)') });
  });

  it('a user who is not an administrator is told to ask one (AADSTS90094, AADSTS90008)', async () => {
    for (const code of ['AADSTS90094', 'AADSTS90008']) {
      const owner = await organizationOwner(harness);
      const answer = new URL(await consentAnswer(owner, 'cancel'));
      const state = answer.searchParams.get('state') ?? '';
      const query = new URLSearchParams({ error: 'access_denied', error_description: `${code}: The grant requires admin permission.`, state });
      expect(await arriveAtCallback(owner, `${CALLBACK}?${query}`)).toBe('/dashboard?setup=open&entraConsent=admin_required');
    }
  });

  it('refuses a forged state, a state from another session, and a state used twice', async () => {
    const owner = await organizationOwner(harness);
    const forged = new URLSearchParams({ admin_consent: 'True', tenant: CONTOSO_TENANT_ID, state: 'forged-state' });
    expect(await arriveAtCallback(owner, `${CALLBACK}?${forged}`)).toBe('/dashboard?tab=configuration&entraConsent=invalid_state');
    expect(await arriveAtCallback(owner, `${CALLBACK}?admin_consent=True&tenant=${CONTOSO_TENANT_ID}`)).toBe(
      '/dashboard?tab=configuration&entraConsent=invalid_state',
    );

    const accepted = await consentAnswer(owner, 'accept');
    const otherSession = { ...owner, cookie: await sessionCookieFor(harness.database.db, { id: owner.userId } as never) };
    expect(await arriveAtCallback(otherSession, accepted)).toBe('/dashboard?tab=configuration&entraConsent=invalid_state');
    expect(await configurationOf(owner)).toMatchObject({ configured: false });

    const again = await consentAnswer(owner, 'accept');
    expect(await arriveAtCallback(owner, again)).toBe('/dashboard?setup=open&entraConsent=connected');
    expect(await arriveAtCallback(owner, again)).toBe('/dashboard?tab=configuration&entraConsent=invalid_state');
  });

  it('refuses a state older than ten minutes', async () => {
    const owner = await organizationOwner(harness);
    const accepted = await consentAnswer(owner, 'accept');
    harness.graph.clock.advance(10 * 60_000 + 1);
    expect(await arriveAtCallback(owner, accepted)).toBe('/dashboard?setup=open&entraConsent=expired_state');
    expect(await configurationOf(owner)).toMatchObject({ configured: false });
  });

  it('checks the tenant with Entra: an unknown tenant, or one where the app has no service principal, is not recorded', async () => {
    const owner = await organizationOwner(harness);
    const callbackWith = async (tenant: string) => {
      const state = new URL(await consentAnswer(owner, 'cancel')).searchParams.get('state') ?? '';
      return arriveAtCallback(owner, `${CALLBACK}?${new URLSearchParams({ admin_consent: 'True', tenant, state })}`);
    };
    expect(await callbackWith(randomUUID())).toBe('/dashboard?setup=open&entraConsent=unknown_tenant');
    expect(await callbackWith('not-a-tenant')).toBe('/dashboard?setup=open&entraConsent=unknown_tenant');
    // Fabrikam's administrator never consented: a typed `admin_consent=True` proves nothing.
    expect(await callbackWith(FABRIKAM_TENANT_ID)).toBe('/dashboard?setup=open&entraConsent=consent_not_found');
    expect(await configurationOf(owner)).toMatchObject({ configured: false });
  });

  it('a tenant connected through the Passwatch app belongs to one organization', async () => {
    const first = await organizationOwner(harness);
    await arriveAtCallback(first, await consentAnswer(first, 'accept'));
    const second = await organizationOwner(harness);
    expect(await arriveAtCallback(second, await consentAnswer(second, 'accept'))).toBe('/dashboard?setup=open&entraConsent=tenant_in_use');
    expect(await configurationOf(second)).toMatchObject({ configured: false });
    // Reconnecting the organization that holds it is fine.
    expect(await arriveAtCallback(first, await consentAnswer(first, 'accept'))).toBe('/dashboard?setup=open&entraConsent=connected');
  });
});

describe('consent removed', () => {
  it('is recorded as admin consent missing with the advice to reconnect; reconnecting clears it', async () => {
    const owner = await organizationOwner(harness);
    await arriveAtCallback(owner, await consentAnswer(owner, 'accept'));
    expect((await testConnection(owner)).connection.status).toBe('connected');

    // The customer's administrator deletes the Passwatch app from the tenant.
    const removed = await fetch(`${harness.graph.baseUrl}/_control/tenants/${CONTOSO_TENANT_ID}/consents/${APP_ID}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const groups = await harness.app.inject({ method: 'GET', url: '/api/security-groups', headers: owner.headers });
    expect(groups.statusCode).toBeGreaterThanOrEqual(400);
    expect(await connectionStatus(harness, owner)).toMatchObject({
      connectionStatus: 'error',
      problem: 'consent_missing',
      message: expect.stringContaining('Choose Reconnect'),
    });

    const result = await testConnection(owner);
    expect(result.tenantConnection.status).toBe('error');
    expect(result.connection).toMatchObject({ status: 'error', problem: 'consent_missing' });
    expect(result.connection.message).toContain(`The Passwatch app has no access to tenant ${CONTOSO_TENANT_ID} any more`);

    const back = await consentAnswer(owner, 'accept');
    expect(await arriveAtCallback(owner, back)).toBe('/dashboard?setup=open&entraConsent=connected');
    expect(await connectionStatus(harness, owner)).toMatchObject({ connectionStatus: 'connected', problem: null });
  });

  it('an app registration never consented in its tenant is admin consent missing too, with the advice for app registrations', async () => {
    const owner = await organizationOwner(harness);
    const { DEMO_APP_WITHOUT_CONSENT } = await import('../../simulators/graph/index.js');
    await harness.app.inject({ method: 'PUT', url: '/api/configuration', headers: owner.headers, payload: configurationFor(DEMO_APP_WITHOUT_CONSENT) });
    const result = await testConnection(owner);
    expect(result.connection).toMatchObject({ status: 'error', problem: 'consent_missing', message: expect.stringContaining('Grant admin consent') });
  });
});
