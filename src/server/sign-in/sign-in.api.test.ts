import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentitySimulator, type IdentitySimulator } from '../../simulators/identity/identity-simulator.js';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { loginRequests } from '../db/schema/index.js';
import { cookieFrom } from '../test-support/cookies.js';
import { testConfig } from '../test-support/test-config.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { OidcProvider } from '../auth/index.js';

const APP_URL = 'http://localhost:3000';
let database: DatabaseHandle;
let identity: IdentitySimulator;
let app: FastifyInstance;
let now = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  identity = createIdentitySimulator({
    clients: [{ clientId: 'passwatch', clientSecret: 's3cret', redirectUris: [`${APP_URL}/api/callback`], postLogoutRedirectUris: [`${APP_URL}/`] }],
  });
  const issuerUrl = await identity.listen(0, '127.0.0.1');
  const config = testConfig({ OIDC_ISSUER_URL: issuerUrl, OIDC_CLIENT_ID: 'passwatch', OIDC_CLIENT_SECRET: 's3cret', SESSION_IDLE_TIMEOUT_MINUTES: '60' });
  app = await buildApp({ config, db: database.db, oidc: new OidcProvider(config.oidc!, `${APP_URL}/api/callback`), clock: () => now });
});
afterAll(async () => {
  await app?.close();
  await identity?.close();
  await database?.close();
});

/** Starts at /api/login, signs in on the issuer's page, and returns the callback URL it sends back. */
async function signInAtIssuer(email: string, name: string, loginPath = '/api/login') {
  const login = await app.inject({ method: 'GET', url: loginPath });
  expect(login.statusCode).toBe(302);
  const authorizeUrl = new URL(login.headers.location as string);
  const stateCookie = cookieFrom(login, 'pw_login_state')!;
  expect(login.headers['set-cookie']).toEqual(expect.stringContaining('HttpOnly'));
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');

  const page = await fetch(authorizeUrl);
  const html = await page.text();
  expect(html).toContain('<label for="email">Email</label>');
  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set('email', email);
  form.set('name', name);
  const submitted = await fetch(new URL('/authorize', authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
  expect(submitted.status).toBe(302);
  const callback = new URL(submitted.headers.get('location')!);
  return { callbackPath: `${callback.pathname}${callback.search}`, stateCookie };
}

async function completeSignIn(email: string, name: string, extraCookie?: string) {
  const { callbackPath, stateCookie } = await signInAtIssuer(email, name);
  const cookie = extraCookie ? `${stateCookie}; ${extraCookie}` : stateCookie;
  const callback = await app.inject({ method: 'GET', url: callbackPath, headers: { cookie } });
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe('/');
  const session = cookieFrom(callback, 'pw_session')!;
  expect(session).toBeDefined();
  return { session, setCookie: String(callback.headers['set-cookie']) };
}

describe('sign-in through OpenID Connect (authorization code + PKCE)', () => {
  it('signs a new user in, records their names from the claims, and answers /api/auth/user', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);

    const { session, setCookie } = await completeSignIn('Ada.Lovelace@Example.com', 'Ada King Lovelace');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'King Lovelace', tenants: [], isAdmin: false });
  });

  it('also starts at /api/auth/login, and the same person signing in again is the same user', async () => {
    const first = await completeSignIn('grace@example.com', 'Grace Hopper');
    const firstUser = (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: first.session } })).json();
    const viaAuthLogin = await app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(viaAuthLogin.statusCode).toBe(302);
    expect(viaAuthLogin.headers.location).toContain('/authorize?');
    const second = await completeSignIn('grace@example.com', 'Grace Hopper');
    const secondUser = (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: second.session } })).json();
    expect(secondUser.id).toBe(firstUser.id);
  });

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const first = await completeSignIn('rotate@example.com', 'Ro Tate');
    const second = await completeSignIn('rotate@example.com', 'Ro Tate', first.session);
    expect(second.session).not.toBe(first.session);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: first.session } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: second.session } })).statusCode).toBe(200);
  });

  it('refuses a callback whose state this browser did not start, and a reused one', async () => {
    const { callbackPath, stateCookie } = await signInAtIssuer('mallory@example.com', 'Mallory');
    const noCookie = await app.inject({ method: 'GET', url: callbackPath });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.body).toContain('This sign-in link is invalid or has expired');
    const wrongState = await app.inject({
      method: 'GET',
      url: callbackPath.replace(/state=[^&]+/, 'state=forged'),
      headers: { cookie: 'pw_login_state=forged' },
    });
    expect(wrongState.statusCode).toBe(400);
    const good = await app.inject({ method: 'GET', url: callbackPath, headers: { cookie: stateCookie } });
    expect(good.statusCode).toBe(302);
    const replay = await app.inject({ method: 'GET', url: callbackPath, headers: { cookie: stateCookie } });
    expect(replay.statusCode).toBe(400);
    expect(cookieFrom(replay, 'pw_session')).toBeUndefined();
  });

  it('answers an error from the provider with a clear 400 and forgets nothing it should not', async () => {
    const before = await database.db.$count(loginRequests);
    const response = await app.inject({ method: 'GET', url: '/api/callback?error=access_denied&error_description=User%20cancelled&state=x' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('User cancelled');
    expect(await database.db.$count(loginRequests)).toBe(before);
  });

  it('logs out by POST, locally and at the issuer, back to the landing page', async () => {
    const { session } = await completeSignIn('bye@example.com', 'By E');
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: session, origin: APP_URL } });
    expect(logout.statusCode).toBe(200);
    expect(cookieFrom(logout, 'pw_session')).toBe('pw_session=');
    const target = new URL(logout.json().redirectTo);
    expect(target.pathname).toBe('/logout');
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_URL}/`);
    const atIssuer = await fetch(target, { redirect: 'manual' });
    expect(atIssuer.headers.get('location')).toBe(`${APP_URL}/`);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(401);
    const anonymousLogout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: APP_URL } });
    expect(anonymousLogout.json()).toEqual({ redirectTo: '/' });
  });

  it('expires a session after inactivity, and keeps an active one alive', async () => {
    const { session } = await completeSignIn('idle@example.com', 'Id Le');
    const start = now;
    try {
      now = new Date(start.getTime() + 50 * 60_000);
      expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(200);
      now = new Date(start.getTime() + 100 * 60_000); // 50 minutes after the last request: still alive
      expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(200);
      now = new Date(start.getTime() + 161 * 60_000); // 61 idle minutes
      expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(401);
    } finally {
      now = start;
    }
  });
});

describe('signing out cannot be forced from another site', () => {
  it.each(['/api/logout', '/api/auth/logout'])('GET %s leaves the session alive and says how to sign out', async (path) => {
    const { session } = await completeSignIn('linked@example.com', 'Lin Ked');
    const response = await app.inject({ method: 'GET', url: path, headers: { cookie: session } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.body).toContain('use the Logout button');
    expect(cookieFrom(response, 'pw_session')).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(200);
  });

  it('refuses a cross-origin POST and keeps the session', async () => {
    const { session } = await completeSignIn('target@example.com', 'Tar Get');
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      for (const url of ['/api/logout', '/api/auth/logout-everywhere']) {
        const response = await app.inject({ method: 'POST', url, headers: { cookie: session, ...headers } });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('Cross-origin request refused');
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it("ends every session of the user and no one else's, then sends the browser to the issuer's logout", async () => {
    const laptop = await completeSignIn('everywhere@example.com', 'Ever Where');
    const phone = await completeSignIn('everywhere@example.com', 'Ever Where');
    const someoneElse = await completeSignIn('bystander@example.com', 'By Stander');
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { cookie: laptop.session, origin: APP_URL } });
    expect(response.statusCode).toBe(200);
    expect(response.json().endedSessions).toBe(2);
    expect(new URL(response.json().redirectTo).searchParams.get('post_logout_redirect_uri')).toBe(`${APP_URL}/`);
    expect(cookieFrom(response, 'pw_session')).toBe('pw_session=');
    for (const gone of [laptop.session, phone.session]) {
      expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: gone } })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: someoneElse.session } })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { origin: APP_URL } });
    expect(response.statusCode).toBe(401);
  });
});
