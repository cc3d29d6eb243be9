import { createRemoteJWKSet, jwtVerify } from 'jose';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIdentitySimulator, type IdentitySimulator } from './identity-simulator.js';
import { signInThroughForm } from './test-support/sign-in-form-driver.js';

// ':' and '+' in the secret exercise the form-encoding rule of client_secret_basic.
const CLIENT = {
  clientId: 'passwatch-test',
  clientSecret: 'se:cret+value',
  redirectUris: ['http://127.0.0.1:9/api/callback'],
  postLogoutRedirectUris: ['http://127.0.0.1:9/signed-out'],
};
const REDIRECT_URI = CLIENT.redirectUris[0]!;

let simulator: IdentitySimulator;
let issuer: string;
let clockOffsetMs = 0;

beforeAll(async () => {
  simulator = createIdentitySimulator({ clients: [CLIENT], clock: () => new Date(Date.now() + clockOffsetMs) });
  issuer = await simulator.listen();
});
afterAll(() => simulator.close());
beforeEach(() => {
  clockOffsetMs = 0;
});

interface Authorization {
  url: URL;
  codeVerifier: string;
}

async function authorization(overrides: Record<string, string | null> = {}): Promise<Authorization> {
  const codeVerifier = randomPKCECodeVerifier();
  const url = new URL(`${issuer}/authorize`);
  const parameters: Record<string, string | null> = {
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'state-123',
    nonce: 'nonce-456',
    code_challenge: await calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
  return { url, codeVerifier };
}

async function signIn(user = { email: 'Alice.Smith@contoso.com', name: 'Alice van Smith' }, overrides = {}) {
  const started = await authorization(overrides);
  const callback = await signInThroughForm(started.url, user);
  return { callback, code: callback.searchParams.get('code') ?? '', codeVerifier: started.codeVerifier };
}

function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}

async function exchange(code: string, codeVerifier: string, options: { secret?: string; method?: 'basic' | 'post'; redirectUri?: string } = {}) {
  const secret = options.secret ?? CLIENT.clientSecret;
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (options.method === 'post') {
    form.set('client_id', CLIENT.clientId);
    form.set('client_secret', secret);
  } else {
    headers.authorization = basicAuthorization(CLIENT.clientId, secret);
  }
  const response = await fetch(`${issuer}/token`, { method: 'POST', headers, body: form });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe('discovery', () => {
  it('advertises every endpoint under the issuer URL and publishes an RS256 key with a kid', async () => {
    expect(issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(simulator.issuerUrl).toBe(issuer);
    const configuration = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(configuration).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/logout`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      grant_types_supported: ['authorization_code'],
      scopes_supported: expect.arrayContaining(['openid', 'profile', 'email']),
      claims_supported: expect.arrayContaining(['sub', 'email', 'name', 'given_name', 'family_name']),
    });
    const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('sign-in page', () => {
  it('shows the Email and Name fields and the Sign in button, carrying the request in hidden fields', async () => {
    const { url } = await authorization();
    const response = await fetch(url);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<title>Passwatch demo sign-in</title>');
    expect(html).toMatch(/simulated identity provider.*any email address signs in/);
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email" required/);
    expect(html).toMatch(/<label for="name">Name<\/label>\s*<input id="name" name="name"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('<input type="hidden" name="state" value="state-123">');
    expect(html).toContain('<input type="hidden" name="nonce" value="nonce-456">');
  });

  it('prefills Email from login_hint, escaped', async () => {
    const { url } = await authorization({ login_hint: 'bob@contoso.com"><b>' });
    const html = await (await fetch(url)).text();
    expect(html).toContain('value="bob@contoso.com&quot;&gt;&lt;b&gt;"');
  });

  it.each([
    ['an unregistered redirect_uri', { redirect_uri: 'http://127.0.0.1:9/evil' }, 'redirect URI is not registered'],
    ['an unknown client_id', { client_id: 'intruder' }, 'is not registered'],
    ['no redirect_uri', { redirect_uri: null }, 'redirect URI is not registered'],
  ])('shows an error page and never redirects for %s', async (_case, overrides, message) => {
    const { url } = await authorization(overrides);
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain(message);
  });

  it.each([
    ['no code_challenge', { code_challenge: null }, 'invalid_request'],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a scope without openid', { scope: 'profile email' }, 'invalid_scope'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
  ])('redirects with an error and the state for %s', async (_case, overrides, error) => {
    const { url } = await authorization(overrides);
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(issuer);
  });

  it('shows the form again with a message for an invalid email, escaping what it echoes', async () => {
    const { url } = await authorization();
    const form = new URLSearchParams(url.searchParams);
    form.set('email', 'not-an-address');
    form.set('name', '<script>alert(1)</script>');
    const response = await fetch(`${issuer}/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(html).toContain('Enter a valid email address.');
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });
});

describe('authorization code flow', () => {
  it('signs in, exchanges the code with client_secret_basic and returns a verifiable id_token', async () => {
    const { callback, code, codeVerifier } = await signIn();
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('state-123');
    expect(callback.searchParams.get('iss')).toBe(issuer);
    expect(code).not.toBe('');

    const tokens = await exchange(code, codeVerifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email' });

    const { payload, protectedHeader } = await jwtVerify(String(tokens.body.id_token), createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer,
      audience: CLIENT.clientId,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      nonce: 'nonce-456',
      email: 'Alice.Smith@contoso.com',
      email_verified: true,
      name: 'Alice van Smith',
      given_name: 'Alice',
      family_name: 'van Smith',
    });
    expect(payload.sub).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(payload.exp! - payload.iat!).toBe(3600);

    const userinfo = await fetch(`${issuer}/userinfo`, {
      headers: { authorization: `Bearer ${String(tokens.body.access_token)}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual({
      sub: payload.sub,
      email: 'Alice.Smith@contoso.com',
      email_verified: true,
      name: 'Alice van Smith',
      given_name: 'Alice',
      family_name: 'van Smith',
    });
  });

  it('accepts client_secret_post', async () => {
    const { code, codeVerifier } = await signIn();
    const tokens = await exchange(code, codeVerifier, { method: 'post' });
    expect(tokens.status).toBe(200);
    expect(tokens.body.id_token).toEqual(expect.any(String));
  });

  it('gives the same subject to the same address in any case, and names an unnamed user after the address', async () => {
    const first = await signIn({ email: 'carol@contoso.com', name: 'Carol' });
    const second = await signIn({ email: 'CAROL@Contoso.com', name: '' });
    const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
    const verify = async (flow: { code: string; codeVerifier: string }) => {
      const tokens = await exchange(flow.code, flow.codeVerifier);
      return (await jwtVerify(String(tokens.body.id_token), jwks, { issuer, audience: CLIENT.clientId })).payload;
    };
    const [carol, shouting] = [await verify(first), await verify(second)];
    expect(shouting.sub).toBe(carol.sub);
    expect(shouting).toMatchObject({ name: 'CAROL', given_name: 'CAROL', family_name: '' });
    const dave = await verify(await signIn({ email: 'dave@contoso.com', name: 'Dave' }));
    expect(dave.sub).not.toBe(carol.sub);
  });

  it('refuses a code used twice', async () => {
    const { code, codeVerifier } = await signIn();
    expect((await exchange(code, codeVerifier)).status).toBe(200);
    const reused = await exchange(code, codeVerifier);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { code } = await signIn();
    const refused = await exchange(code, randomPKCECodeVerifier());
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
  });

  it('refuses a wrong client secret without using up the code', async () => {
    const { code, codeVerifier } = await signIn();
    for (const method of ['basic', 'post'] as const) {
      const refused = await exchange(code, codeVerifier, { secret: 'guess', method });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('invalid_client');
    }
    expect((await exchange(code, codeVerifier)).status).toBe(200);
  });

  it('refuses a redirect_uri other than the one the code was issued for', async () => {
    const { code, codeVerifier } = await signIn();
    const refused = await exchange(code, codeVerifier, { redirectUri: 'http://127.0.0.1:9/other' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('refuses a code older than 60 seconds', async () => {
    const { code, codeVerifier } = await signIn();
    clockOffsetMs = 61_000;
    const refused = await exchange(code, codeVerifier);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('refuses other grant types', async () => {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuthorization(CLIENT.clientId, CLIENT.clientSecret),
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refuses userinfo without a valid access token', async () => {
    const response = await fetch(`${issuer}/userinfo`, { headers: { authorization: 'Bearer forged' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('serves a client registered after listening', async () => {
    const late = { ...CLIENT, clientId: 'late-client', redirectUris: ['http://127.0.0.1:9/late/callback'] };
    simulator.registerClient(late);
    const started = await authorization({ client_id: late.clientId, redirect_uri: late.redirectUris[0]! });
    const callback = await signInThroughForm(started.url, { email: 'erin@contoso.com' });
    expect(`${callback.origin}${callback.pathname}`).toBe('http://127.0.0.1:9/late/callback');
  });
});

describe('logout', () => {
  async function idToken(): Promise<string> {
    const { code, codeVerifier } = await signIn();
    return String((await exchange(code, codeVerifier)).body.id_token);
  }

  it('redirects to a registered post-logout URI with the state', async () => {
    const url = new URL(`${issuer}/logout`);
    url.searchParams.set('id_token_hint', await idToken());
    url.searchParams.set('post_logout_redirect_uri', CLIENT.postLogoutRedirectUris[0]!);
    url.searchParams.set('state', 'bye');
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${CLIENT.postLogoutRedirectUris[0]}?state=bye`);
  });

  it.each([
    ['an unregistered post-logout URI', 'http://127.0.0.1:9/elsewhere', true],
    ['no way to tell the client', CLIENT.postLogoutRedirectUris[0]!, false],
  ])('shows the signed-out page for %s', async (_case, target, withHint) => {
    const url = new URL(`${issuer}/logout`);
    if (withHint) url.searchParams.set('id_token_hint', await idToken());
    url.searchParams.set('post_logout_redirect_uri', target);
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('You have been signed out');
  });
});
