import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_APP_WITH_EXPIRED_SECRET, DEMO_APP_WITHOUT_CONSENT, DEMO_GRAPH_CREDENTIALS, FABRIKAM_GRAPH_CREDENTIALS } from './demo-credentials.js';
import { accessToken, graph, graphError, ManualClock, putControl, requestToken, startSimulator, type RunningSimulator } from './test-support.js';

const clock = new ManualClock();
let running: RunningSimulator;
let baseUrl: string;

beforeAll(async () => {
  running = await startSimulator({ clock: clock.now });
  baseUrl = running.baseUrl;
});
beforeEach(() => running.simulator.reset());
afterAll(() => running.simulator.close());

interface TokenError {
  error: string;
  error_description: string;
  error_codes: number[];
  timestamp: string;
  trace_id: string;
  correlation_id: string;
}

describe('client credentials grant', () => {
  it('issues a Bearer token valid for 3599 seconds that opens Graph', async () => {
    const response = await requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token_type: string; expires_in: number; access_token: string };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3599);
    const [, payload] = body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ tid: DEMO_GRAPH_CREDENTIALS.directoryId, appid: DEMO_GRAPH_CREDENTIALS.applicationId });
    expect(claims.roles).toEqual(expect.arrayContaining(['User.Read.All', 'Mail.Send', 'GroupMember.Read.All']));
    expect((await graph(baseUrl, body.access_token, '/users?$top=1')).status).toBe(200);
  });

  it('accepts a verified domain name in place of the tenant id', async () => {
    const response = await requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS, {}, 'contoso.onmicrosoft.com');
    expect(response.status).toBe(200);
  });
});

describe('token errors (docs/domain.md §Graph tokens)', () => {
  const cases: { name: string; send: () => Promise<Response>; status: number; error: string; code: number }[] = [
    {
      name: 'unknown tenant',
      send: () => requestToken(baseUrl, { ...DEMO_GRAPH_CREDENTIALS, directoryId: '00000000-1111-4222-8333-444444444444' }),
      status: 400,
      error: 'invalid_tenant',
      code: 90002,
    },
    {
      name: 'tenant identifier that is neither a GUID nor a domain',
      send: () => requestToken(baseUrl, { ...DEMO_GRAPH_CREDENTIALS, directoryId: 'not a tenant' }),
      status: 400,
      error: 'invalid_request',
      code: 900023,
    },
    {
      name: 'unknown application',
      send: () => requestToken(baseUrl, { ...DEMO_GRAPH_CREDENTIALS, applicationId: '0f0f0f0f-1111-4222-8333-444444444444' }),
      status: 400,
      error: 'unauthorized_client',
      code: 700016,
    },
    {
      name: 'single-tenant application used in another tenant',
      send: () => requestToken(baseUrl, { ...DEMO_GRAPH_CREDENTIALS, directoryId: FABRIKAM_GRAPH_CREDENTIALS.directoryId }),
      status: 400,
      error: 'unauthorized_client',
      code: 700016,
    },
    {
      name: 'the secret ID pasted instead of the secret value',
      send: () => requestToken(baseUrl, { ...DEMO_GRAPH_CREDENTIALS, clientSecret: DEMO_GRAPH_CREDENTIALS.clientSecretId }),
      status: 401,
      error: 'invalid_client',
      code: 7000215,
    },
    {
      name: 'expired secret',
      send: () => requestToken(baseUrl, DEMO_APP_WITH_EXPIRED_SECRET),
      status: 401,
      error: 'invalid_client',
      code: 7000222,
    },
    {
      name: 'no admin consent (no service principal in the tenant)',
      send: () => requestToken(baseUrl, DEMO_APP_WITHOUT_CONSENT),
      status: 401,
      error: 'invalid_client',
      code: 7000229,
    },
    {
      name: 'missing client secret',
      send: () => requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS, { client_secret: undefined }),
      status: 401,
      error: 'invalid_client',
      code: 7000218,
    },
    {
      name: 'delegated scope in a client-credentials request',
      send: () => requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS, { scope: 'User.Read' }),
      status: 400,
      error: 'invalid_scope',
      code: 1002012,
    },
    {
      name: '.default scope of another resource',
      send: () => requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS, { scope: 'api://unknown-api/.default' }),
      status: 400,
      error: 'invalid_resource',
      code: 500011,
    },
    {
      name: 'another grant type',
      send: () => requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS, { grant_type: 'password' }),
      status: 400,
      error: 'unsupported_grant_type',
      code: 70003,
    },
    {
      name: 'missing grant_type',
      send: () => requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS, { grant_type: undefined }),
      status: 400,
      error: 'invalid_request',
      code: 900144,
    },
  ];

  it.each(cases)('$name -> $status $error [$code]', async ({ send, status, error, code }) => {
    const response = await send();
    expect(response.status).toBe(status);
    const body = (await response.json()) as TokenError;
    expect(body.error).toBe(error);
    expect(body.error_codes).toEqual([code]);
    expect(body.error_description.startsWith(`AADSTS${code}: `)).toBe(true);
    expect(body.error_description).toContain(`\r\nTrace ID: ${body.trace_id}\r\nCorrelation ID: ${body.correlation_id}\r\nTimestamp: `);
    expect(body.timestamp).toBe('2025-03-10 09:30:00Z');
    expect(body.trace_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ignores a JSON body: Entra only reads form parameters', async () => {
    const response = await fetch(`${baseUrl}/${DEMO_GRAPH_CREDENTIALS.directoryId}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: DEMO_GRAPH_CREDENTIALS.applicationId, grant_type: 'client_credentials' }),
    });
    expect(((await response.json()) as TokenError).error_codes).toEqual([900144]);
  });

  it('echoes client-request-id as the correlation id', async () => {
    const response = await fetch(`${baseUrl}/${DEMO_GRAPH_CREDENTIALS.directoryId}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'client-request-id': '11111111-2222-4333-8444-555555555555' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(((await response.json()) as TokenError).correlation_id).toBe('11111111-2222-4333-8444-555555555555');
  });

  it('reads client-request-id from the query too, as MSAL sends it, and echoes it in the response header', async () => {
    const id = '22222222-3333-4444-8555-666666666666';
    const tokenUrl = `${baseUrl}/${DEMO_GRAPH_CREDENTIALS.directoryId}/oauth2/v2.0/token?client-request-id=${id}&x-client-SKU=msal.js.node`;
    const granted = await fetch(tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEMO_GRAPH_CREDENTIALS.applicationId,
        client_secret: DEMO_GRAPH_CREDENTIALS.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
        grant_type: 'client_credentials',
      }),
    });
    expect(granted.status).toBe(200);
    expect(granted.headers.get('client-request-id')).toBe(id);
    const refused = await fetch(tokenUrl, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) });
    expect(refused.headers.get('client-request-id')).toBe(id);
    expect(((await refused.json()) as TokenError).correlation_id).toBe(id);
    // Without one, Entra has nothing to echo.
    expect((await requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS)).headers.has('client-request-id')).toBe(false);
  });
});

describe('tenant OpenID metadata (GET /{tenant}/v2.0/.well-known/openid-configuration)', () => {
  const discovery = (tenant: string) => fetch(`${baseUrl}/${tenant}/v2.0/.well-known/openid-configuration`);

  it("names the tenant's own endpoints by tenant id, also when asked by domain", async () => {
    const tenantId = DEMO_GRAPH_CREDENTIALS.directoryId;
    for (const tenant of [tenantId, 'contoso.onmicrosoft.com']) {
      const response = await discovery(tenant);
      expect(response.status).toBe(200);
      const metadata = (await response.json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({
        issuer: `${baseUrl}/${tenantId}/v2.0`,
        token_endpoint: `${baseUrl}/${tenantId}/oauth2/v2.0/token`,
        authorization_endpoint: `${baseUrl}/${tenantId}/oauth2/v2.0/authorize`,
        end_session_endpoint: `${baseUrl}/${tenantId}/oauth2/v2.0/logout`,
        jwks_uri: `${baseUrl}/${tenantId}/discovery/v2.0/keys`,
        token_endpoint_auth_methods_supported: expect.arrayContaining(['client_secret_post']),
        msgraph_host: new URL(baseUrl).host,
      });
    }
  });

  it('answers an unknown tenant as the token endpoint does (AADSTS90002)', async () => {
    const response = await discovery('nowhere.example.com');
    expect(response.status).toBe(400);
    const body = (await response.json()) as TokenError;
    expect(body).toMatchObject({ error: 'invalid_tenant', error_codes: [90002] });
  });
});

describe('bearer token validation on Graph', () => {
  it('answers 401 InvalidAuthenticationToken without a token, with an unknown one, and after expiry', async () => {
    const missing = await graph(baseUrl, null, '/users');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    expect(await graphError(missing)).toMatchObject({ code: 'InvalidAuthenticationToken', message: 'Access token is empty.' });

    const forged = await graph(baseUrl, 'eyJ0eXAiOiJKV1QifQ.eyJ0aWQiOiJ4In0.c2ln', '/users');
    expect(forged.status).toBe(401);
    expect((await graphError(forged)).code).toBe('InvalidAuthenticationToken');

    expect((await putControl(baseUrl, 'settings', { tokenLifetimeSeconds: 60 })).status).toBe(200);
    const short = await requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
    const { access_token: token, expires_in: expiresIn } = (await short.json()) as { access_token: string; expires_in: number };
    expect(expiresIn).toBe(60);
    clock.advance(59_000);
    expect((await graph(baseUrl, token, '/users?$top=1')).status).toBe(200);
    clock.advance(1_000);
    const expired = await graph(baseUrl, token, '/users?$top=1');
    expect(expired.status).toBe(401);
    expect(await graphError(expired)).toMatchObject({
      code: 'InvalidAuthenticationToken',
      message: 'Lifetime validation failed, the token is expired.',
    });
  });

  it('scopes a token to its tenant: Fabrikam sees its own users only', async () => {
    const token = await accessToken(baseUrl, FABRIKAM_GRAPH_CREDENTIALS);
    const body = (await (await graph(baseUrl, token, '/users?$select=id&$top=999')).json()) as { value: { id: string }[] };
    const fabrikam = running.simulator.state.tenants.get(FABRIKAM_GRAPH_CREDENTIALS.directoryId);
    expect(body.value.map((user) => user.id).sort()).toEqual(fabrikam?.users.map((user) => user.id).sort());
    expect(body.value).toHaveLength(25);
  });
});

describe('secrets and consents changed through the control API', () => {
  it('rotates a secret: the new value works, the old one fails with 7000222 once expired', async () => {
    const { applicationId, clientSecretId } = DEMO_GRAPH_CREDENTIALS;
    const created = await fetch(`${baseUrl}/_control/applications/${applicationId}/secrets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    const rotated = (await created.json()) as { clientSecret: string; clientSecretId: string };
    expect(rotated.clientSecret).toMatch(/^[A-Za-z0-9]{3}8Q~[A-Za-z0-9_.~-]{34}$/);
    expect((await requestToken(baseUrl, { ...DEMO_GRAPH_CREDENTIALS, clientSecret: rotated.clientSecret })).status).toBe(200);

    const expire = await fetch(`${baseUrl}/_control/applications/${applicationId}/secrets/${clientSecretId}/expire`, { method: 'POST' });
    expect(expire.status).toBe(204);
    const old = await requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
    expect(((await old.json()) as TokenError).error_codes).toEqual([7000222]);
  });

  it('revoking consent gives 7000229; reduced consent shows in newly issued tokens', async () => {
    const path = `tenants/${DEMO_GRAPH_CREDENTIALS.directoryId}/consents/${DEMO_GRAPH_CREDENTIALS.applicationId}`;
    const oldToken = await accessToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
    expect((await putControl(baseUrl, path, { permissions: ['Mail.Send'] })).status).toBe(200);
    const newToken = await accessToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
    // Roles are fixed in a token when it is issued, as in Entra.
    expect((await graph(baseUrl, oldToken, '/users?$top=1')).status).toBe(200);
    const denied = await graph(baseUrl, newToken, '/users?$top=1');
    expect(denied.status).toBe(403);
    expect((await graphError(denied)).code).toBe('Authorization_RequestDenied');

    expect((await fetch(`${baseUrl}/_control/${path}`, { method: 'DELETE' })).status).toBe(204);
    const revoked = await requestToken(baseUrl, DEMO_GRAPH_CREDENTIALS);
    expect(((await revoked.json()) as TokenError).error_codes).toEqual([7000229]);
  });
});
