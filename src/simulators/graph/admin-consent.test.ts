import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateAppCertificate, registerCertificateApp, type CertificateAppCredentials } from './certificate-app.js';
import { appCertificate, JWT_BEARER_ASSERTION_TYPE } from './client-assertion.js';
import { CONTOSO_TENANT_ID, FABRIKAM_TENANT_ID } from './demo-credentials.js';
import { graph, ManualClock, startSimulator, type RunningSimulator } from './test-support.js';

const clock = new ManualClock();
const APP_ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const REDIRECT_URI = 'https://passwatch.example/api/entra/consent-callback';
let running: RunningSimulator;
let baseUrl: string;
let app: CertificateAppCredentials;

beforeAll(async () => {
  running = await startSimulator({ clock: clock.now });
  baseUrl = running.baseUrl;
  app = await registerCertificateApp(running.simulator.state, { appId: APP_ID, displayName: 'Passwatch', redirectUris: [REDIRECT_URI] });
});
beforeEach(() => running.simulator.reset());
afterAll(() => running.simulator.close());

function consentUrl(tenant = 'organizations', overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: APP_ID,
    scope: 'https://graph.microsoft.com/.default',
    redirect_uri: REDIRECT_URI,
    state: 'state-123',
    ...overrides,
  });
  return `${baseUrl}/${tenant}/v2.0/adminconsent?${query}`;
}

/** Submits the consent page's form as the browser would. */
function answer(fields: Record<string, string>, tenant = 'organizations'): Promise<Response> {
  const form = new URLSearchParams({
    client_id: APP_ID,
    scope: 'https://graph.microsoft.com/.default',
    redirect_uri: REDIRECT_URI,
    state: 'state-123',
    ...fields,
  });
  return fetch(`${baseUrl}/${tenant}/v2.0/adminconsent`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

interface AssertionOptions {
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
  jti?: string;
  certificatePem?: string;
  privateKeyPem?: string;
}

async function assertion(tenant: string, options: AssertionOptions = {}): Promise<string> {
  const now = Math.floor(clock.nowMs / 1000);
  const key = await importPKCS8(options.privateKeyPem ?? app.privateKeyPem, 'PS256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'PS256', typ: 'JWT', 'x5t#S256': appCertificate(options.certificatePem ?? app.certificatePem).thumbprintSha256 })
    .setIssuer(options.issuer ?? APP_ID)
    .setSubject(options.issuer ?? APP_ID)
    .setAudience(options.audience ?? `${baseUrl}/${tenant}/oauth2/v2.0/token`)
    .setJti(options.jti ?? randomUUID())
    .setNotBefore(now)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 600))
    .sign(key);
}

async function tokenWithAssertion(tenant: string, clientAssertion: string): Promise<Response> {
  const form = new URLSearchParams({
    client_id: APP_ID,
    scope: 'https://graph.microsoft.com/.default',
    grant_type: 'client_credentials',
    client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
    client_assertion: clientAssertion,
  });
  return fetch(`${baseUrl}/${tenant}/oauth2/v2.0/token`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

async function errorCode(response: Response): Promise<number | undefined> {
  const body = (await response.json()) as { error_codes?: number[] };
  return body.error_codes?.[0];
}

describe('admin consent page', () => {
  it('lists an administrator of each tenant and the permissions the app requires', async () => {
    const response = await fetch(consentUrl());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Permissions requested');
    expect(html).toContain('Global Administrator, Contoso');
    expect(html).toContain('Global Administrator, Fabrikam');
    for (const permission of ['User.Read.All', 'Group.Read.All', 'GroupMember.Read.All', 'Mail.Send', 'Directory.Read.All']) expect(html).toContain(permission);
  });

  it('Accept creates the service principal in the chosen tenant and goes back with tenant, admin_consent and state', async () => {
    expect(running.simulator.state.tenants.get(CONTOSO_TENANT_ID)?.servicePrincipalOf(APP_ID)).toBeUndefined();
    const response = await answer({ decision: 'accept', account: CONTOSO_TENANT_ID });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      admin_consent: 'True',
      tenant: CONTOSO_TENANT_ID,
      scope: 'https://graph.microsoft.com/.default',
      state: 'state-123',
    });
    expect([...(running.simulator.state.tenants.get(CONTOSO_TENANT_ID)?.servicePrincipalOf(APP_ID)?.permissions ?? [])]).toHaveLength(5);
    expect(running.simulator.state.tenants.get(FABRIKAM_TENANT_ID)?.servicePrincipalOf(APP_ID)).toBeUndefined();
  });

  it('Cancel goes back with access_denied, subcode cancel and AADSTS65004, and consents to nothing', async () => {
    const response = await answer({ decision: 'cancel', account: CONTOSO_TENANT_ID });
    const back = new URL(response.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_subcode')).toBe('cancel');
    expect(back.searchParams.get('error_description')).toMatch(/^AADSTS65004:/);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.has('tenant')).toBe(false);
    expect(running.simulator.state.tenants.get(CONTOSO_TENANT_ID)?.servicePrincipalOf(APP_ID)).toBeUndefined();
  });

  it('a path naming a tenant offers only its administrator', async () => {
    const html = await (await fetch(consentUrl(FABRIKAM_TENANT_ID))).text();
    expect(html).toContain('Global Administrator, Fabrikam');
    expect(html).not.toContain('Global Administrator, Contoso');
    const response = await answer({ decision: 'accept', account: CONTOSO_TENANT_ID }, FABRIKAM_TENANT_ID);
    expect(response.status).toBe(200);
    expect(running.simulator.state.tenants.get(CONTOSO_TENANT_ID)?.servicePrincipalOf(APP_ID)).toBeUndefined();
  });

  it('never sends the browser to a redirect URI the app did not register (AADSTS50011), nor for an unknown app (AADSTS700016)', async () => {
    const elsewhere = await answer({ decision: 'accept', account: CONTOSO_TENANT_ID, redirect_uri: 'https://evil.example/steal' });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('AADSTS50011');
    const unknown = await fetch(consentUrl('organizations', { client_id: randomUUID() }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('AADSTS700016');
  });
});

describe('client assertions at the token endpoint', () => {
  async function consentInContoso(): Promise<void> {
    await answer({ decision: 'accept', account: CONTOSO_TENANT_ID });
  }

  it('issues a token for a signed assertion once the tenant consented, AADSTS7000229 before', async () => {
    expect(await errorCode(await tokenWithAssertion(CONTOSO_TENANT_ID, await assertion(CONTOSO_TENANT_ID)))).toBe(7000229);
    await consentInContoso();
    const response = await tokenWithAssertion(CONTOSO_TENANT_ID, await assertion(CONTOSO_TENANT_ID));
    expect(response.status).toBe(200);
    const { access_token: accessToken } = (await response.json()) as { access_token: string };
    expect((await graph(baseUrl, accessToken, '/users?$top=1')).status).toBe(200);
  });

  it('an assertion is single use (jti)', async () => {
    await consentInContoso();
    const once = await assertion(CONTOSO_TENANT_ID);
    expect((await tokenWithAssertion(CONTOSO_TENANT_ID, once)).status).toBe(200);
    const replay = await tokenWithAssertion(CONTOSO_TENANT_ID, once);
    expect(replay.status).toBe(401);
    expect(await errorCode(replay)).toBe(50013);
  });

  it('refuses a wrong audience, a wrong issuer, an expired assertion, an unknown certificate and a forged signature', async () => {
    await consentInContoso();
    // A second key and certificate, never uploaded to the app.
    const other = await generateAppCertificate('Other');
    const cases: Array<[string, Promise<string>, number]> = [
      ['audience of another tenant', assertion(CONTOSO_TENANT_ID, { audience: `${baseUrl}/${FABRIKAM_TENANT_ID}/oauth2/v2.0/token` }), 50012],
      ['issuer not the client id', assertion(CONTOSO_TENANT_ID, { issuer: randomUUID() }), 700021],
      ['expired', assertion(CONTOSO_TENANT_ID, { expiresInSeconds: -3600 }), 700024],
      ['certificate not uploaded', assertion(CONTOSO_TENANT_ID, { certificatePem: other.certificatePem, privateKeyPem: other.privateKeyPem }), 700027],
      ['signed by another key', assertion(CONTOSO_TENANT_ID, { privateKeyPem: other.privateKeyPem }), 700027],
    ];
    for (const [name, made, code] of cases) {
      const response = await tokenWithAssertion(CONTOSO_TENANT_ID, await made);
      expect({ name, status: response.status, code: await errorCode(response) }).toEqual({ name, status: 401, code });
    }
    const notJwt = await tokenWithAssertion(CONTOSO_TENANT_ID, 'not-a-jwt');
    expect(await errorCode(notJwt)).toBe(50027);
  });

  it('removing the service principal ends the tokens issued and answers AADSTS7000229', async () => {
    await consentInContoso();
    const { access_token: accessToken } = (await (await tokenWithAssertion(CONTOSO_TENANT_ID, await assertion(CONTOSO_TENANT_ID))).json()) as {
      access_token: string;
    };
    const removed = await fetch(`${baseUrl}/_control/tenants/${CONTOSO_TENANT_ID}/consents/${APP_ID}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await graph(baseUrl, accessToken, '/users?$top=1')).status).toBe(401);
    expect(await errorCode(await tokenWithAssertion(CONTOSO_TENANT_ID, await assertion(CONTOSO_TENANT_ID)))).toBe(7000229);
  });

  it('the app stays registered across a reset, without its consents', async () => {
    await consentInContoso();
    running.simulator.reset();
    expect(running.simulator.state.applications.has(APP_ID)).toBe(true);
    expect(await errorCode(await tokenWithAssertion(CONTOSO_TENANT_ID, await assertion(CONTOSO_TENANT_ID)))).toBe(7000229);
  });
});
