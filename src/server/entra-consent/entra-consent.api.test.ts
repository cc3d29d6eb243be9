import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTOSO_TENANT_ID, FABRIKAM_TENANT_ID, generateAppCertificate, registerCertificateApp, signInAccountsOf } from '../../simulators/graph/index.js';
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

type AccountKind = 'admin' | 'user';

/** A sign-in account the simulated Microsoft page offers: a tenant's Global Administrator or an ordinary user. */
function accountOf(tenantId: string, kind: AccountKind): string {
  const tenant = harness.graph.simulator.state.tenants.get(tenantId);
  const accounts = tenant ? signInAccountsOf(tenant) : [];
  const account = kind === 'admin' ? accounts[0] : accounts[1];
  if (!account) throw new Error(`no ${kind} account in ${tenantId}`);
  return account.objectId;
}

/** Answers a simulated Microsoft page (sign-in or consent) as the browser's form post does; resolves to where Microsoft sends the browser. */
async function answerMicrosoftPage(pageUrl: string, fields: Record<string, string>): Promise<string> {
  const page = new URL(pageUrl);
  const shown = await fetch(page);
  expect(shown.status).toBe(200);
  const answered = await fetch(`${page.origin}${page.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), ...fields }),
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answered.status).toBe(302);
  return answered.headers.get('location') ?? '';
}

/** Starts Connect with Microsoft and signs in on Microsoft's page as `account`; resolves to the callback URL Microsoft sends the browser to. */
async function signInAnswer(member: Member, account: string, decision: 'sign_in' | 'cancel' = 'sign_in'): Promise<string> {
  const started = await startConsent(member);
  expect(started.statusCode).toBe(200);
  return answerMicrosoftPage(started.json<{ url: string }>().url, { account, decision });
}

/** The browser arriving at the callback with `member`'s session; resolves to where it is sent next. */
async function arriveAtCallback(member: Member, callbackUrl: string): Promise<string> {
  const url = new URL(callbackUrl);
  const response = await harness.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie: member.cookie } });
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
}

/** Signs in as `account` and comes back to Passwatch: resolves to the admin-consent page it sends the browser to (or the result page). */
async function signedIn(member: Member, account = accountOf(CONTOSO_TENANT_ID, 'admin')): Promise<string> {
  return arriveAtCallback(member, await signInAnswer(member, account));
}

/** The whole flow as the browser goes through it: sign in as `account`, answer the consent page with `decision`; resolves to the callback URL after consent. */
async function consentAnswer(member: Member, decision: 'accept' | 'cancel', tenant = CONTOSO_TENANT_ID): Promise<string> {
  const consentPage = await signedIn(member, accountOf(tenant, 'admin'));
  expect(consentPage).toContain(`/${tenant}/v2.0/adminconsent`);
  return answerMicrosoftPage(consentPage, { decision, account: tenant });
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
  it("sends the organization's owner to Microsoft's sign-in for the Passwatch app: code + PKCE, state and nonce", async () => {
    const owner = await organizationOwner(harness);
    const response = await startConsent(owner);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${harness.graph.baseUrl}/organizations/oauth2/v2.0/authorize`);
    expect(url.searchParams.get('client_id')).toBe(APP_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid profile');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('after the sign-in of an administrator, sends the browser to the admin-consent page of the tenant the ID token names', async () => {
    const owner = await organizationOwner(harness);
    const url = new URL(await signedIn(owner, accountOf(CONTOSO_TENANT_ID, 'admin')));
    expect(`${url.origin}${url.pathname}`).toBe(`${harness.graph.baseUrl}/${CONTOSO_TENANT_ID}/v2.0/adminconsent`);
    expect(url.searchParams.get('client_id')).toBe(APP_ID);
    expect(url.searchParams.get('scope')).toBe('https://graph.microsoft.com/.default');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('names the tenant the admin typed in the path, and refuses anything that is not a tenant', async () => {
    const owner = await organizationOwner(harness);
    const named = await startConsent(owner, { returnTo: 'configuration', tenant: 'contoso.onmicrosoft.com' });
    expect(new URL(named.json<{ url: string }>().url).pathname).toBe('/contoso.onmicrosoft.com/oauth2/v2.0/authorize');
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

  it('accepts only the tenant the administrator signed in to, and checks it with Entra', async () => {
    const owner = await organizationOwner(harness);
    /** Signs in as `admin`'s account, then comes back with a typed consent answer instead of the consent page's. */
    const typedAnswer = async (signedInTenant: string, tenant: string) => {
      const consentPage = new URL(await signedIn(owner, accountOf(signedInTenant, 'admin')));
      const state = consentPage.searchParams.get('state') ?? '';
      return arriveAtCallback(owner, `${CALLBACK}?${new URLSearchParams({ admin_consent: 'True', tenant, state })}`);
    };
    expect(await typedAnswer(CONTOSO_TENANT_ID, randomUUID())).toBe('/dashboard?setup=open&entraConsent=tenant_mismatch');
    expect(await typedAnswer(CONTOSO_TENANT_ID, 'not-a-tenant')).toBe('/dashboard?setup=open&entraConsent=unknown_tenant');
    // Fabrikam's administrator signed in but never consented: a typed `admin_consent=True` proves nothing.
    expect(await typedAnswer(FABRIKAM_TENANT_ID, FABRIKAM_TENANT_ID)).toBe('/dashboard?setup=open&entraConsent=consent_not_found');
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

describe('directory takeover through the consent callback', () => {
  /** Contoso consented once through an organization that is gone now: its consent is still in Entra. */
  async function contosoConsentedByAFormerCustomer(): Promise<void> {
    const former = await organizationOwner(harness);
    expect(await arriveAtCallback(former, await consentAnswer(former, 'accept'))).toBe('/dashboard?setup=open&entraConsent=connected');
    await harness.database.db.delete(configurations);
  }

  it("the repro: another customer's typed consent answer for a consented tenant, without signing in, connects nothing", async () => {
    await contosoConsentedByAFormerCustomer();
    const attacker = await organizationOwner(harness);
    const started = await startConsent(attacker);
    const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
    const typed = new URLSearchParams({ state, tenant: CONTOSO_TENANT_ID, admin_consent: 'True' });
    const next = await arriveAtCallback(attacker, `${CALLBACK}?${typed}`);
    expect(next).not.toContain('entraConsent=connected');
    expect(next).toBe('/dashboard?setup=open&entraConsent=failed');
    expect(await configurationOf(attacker)).toMatchObject({ configured: false });
    const groups = await harness.app.inject({ method: 'GET', url: '/api/security-groups', headers: attacker.headers });
    expect(groups.statusCode).toBe(400);
  });

  it('an administrator of tenant A (Fabrikam) cannot connect tenant B (Contoso), which consented before', async () => {
    await contosoConsentedByAFormerCustomer();
    const attacker = await organizationOwner(harness);
    const consentPage = new URL(await signedIn(attacker, accountOf(FABRIKAM_TENANT_ID, 'admin')));
    expect(consentPage.pathname).toBe(`/${FABRIKAM_TENANT_ID}/v2.0/adminconsent`);
    const typed = new URLSearchParams({ state: consentPage.searchParams.get('state') ?? '', tenant: CONTOSO_TENANT_ID, admin_consent: 'True' });
    expect(await arriveAtCallback(attacker, `${CALLBACK}?${typed}`)).toBe('/dashboard?setup=open&entraConsent=tenant_mismatch');
    expect(await configurationOf(attacker)).toMatchObject({ configured: false });
    expect(await latestAudit(attacker)).toMatchObject({ status: 'error', message: expect.stringContaining(`signed in to ${FABRIKAM_TENANT_ID}`) });
  });

  it('a user of the tenant who is no administrator cannot connect it, even after it consented', async () => {
    await contosoConsentedByAFormerCustomer();
    const owner = await organizationOwner(harness);
    expect(await signedIn(owner, accountOf(CONTOSO_TENANT_ID, 'user'))).toBe('/dashboard?setup=open&entraConsent=not_admin');
    expect(await configurationOf(owner)).toMatchObject({ configured: false });
    expect(await latestAudit(owner)).toMatchObject({
      status: 'error',
      message: expect.stringContaining('neither a Global Administrator nor a Privileged Role Administrator'),
    });
  });

  it("a sign-in code is redeemed once, with the session's PKCE verifier: replaying it in another flow proves nothing", async () => {
    const owner = await organizationOwner(harness);
    const answer = new URL(await signInAnswer(owner, accountOf(CONTOSO_TENANT_ID, 'admin')));
    const code = answer.searchParams.get('code') ?? '';
    expect(await arriveAtCallback(owner, answer.toString())).toContain('/adminconsent');
    const started = await startConsent(owner);
    const state = new URL(started.json<{ url: string }>().url).searchParams.get('state') ?? '';
    expect(await arriveAtCallback(owner, `${CALLBACK}?${new URLSearchParams({ code, state })}`)).toBe('/dashboard?setup=open&entraConsent=failed');
  });

  it('deleting the account of a connected organization tells the person to remove the Passwatch app in Entra; connecting again takes a new sign-in', async () => {
    const former = await organizationOwner(harness);
    await arriveAtCallback(former, await consentAnswer(former, 'accept'));
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: former.cookie },
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Account Deleted',
      entraNotice: expect.stringContaining(`Microsoft tenant ${CONTOSO_TENANT_ID} through the Passwatch app`),
    });
    expect(deleted.json().entraNotice).toContain('Enterprise applications');
    // The consent is still in Entra, yet the next organization needs an administrator's sign-in of its own.
    const next = await organizationOwner(harness);
    expect(await signedIn(next, accountOf(CONTOSO_TENANT_ID, 'user'))).toBe('/dashboard?setup=open&entraConsent=not_admin');
    expect(await arriveAtCallback(next, await consentAnswer(next, 'accept'))).toBe('/dashboard?setup=open&entraConsent=connected');
  });

  it('cancelling the sign-in comes back as declined', async () => {
    const owner = await organizationOwner(harness);
    expect(await arriveAtCallback(owner, await signInAnswer(owner, accountOf(CONTOSO_TENANT_ID, 'admin'), 'cancel'))).toBe(
      '/dashboard?setup=open&entraConsent=declined',
    );
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
