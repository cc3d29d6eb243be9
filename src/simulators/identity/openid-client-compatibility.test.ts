import * as client from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createIdentitySimulator, type IdentitySimulator } from './identity-simulator.js';
import { signInThroughForm } from './test-support/sign-in-form-driver.js';

// The server signs in with openid-client; this proves that library accepts the simulator as it
// accepts Entra: discovery, PKCE S256, state, nonce, iss parameter, id_token checks, userinfo, logout.
const CLIENT = {
  clientId: 'passwatch-openid-client',
  clientSecret: 'openid-client-secret',
  redirectUris: ['http://127.0.0.1:9/api/callback'],
  postLogoutRedirectUris: ['http://127.0.0.1:9/'],
};

let simulator: IdentitySimulator;
let issuer: string;

beforeAll(async () => {
  simulator = createIdentitySimulator({ clients: [CLIENT] });
  issuer = await simulator.listen();
});
afterAll(() => simulator.close());

it('completes sign-in, userinfo and logout through openid-client v6', async () => {
  const config = await client.discovery(new URL(issuer), CLIENT.clientId, CLIENT.clientSecret, undefined, {
    execute: [client.allowInsecureRequests],
  });
  expect(config.serverMetadata().issuer).toBe(issuer);

  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: CLIENT.redirectUris[0]!,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });

  const callback = await signInThroughForm(authorizationUrl, { email: 'grace@contoso.com', name: 'Grace Hopper' });
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  expect(claims).toMatchObject({
    iss: issuer,
    aud: CLIENT.clientId,
    email: 'grace@contoso.com',
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
  });

  const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims!.sub);
  expect(userinfo.email).toBe('grace@contoso.com');

  const logoutUrl = client.buildEndSessionUrl(config, {
    id_token_hint: tokens.id_token!,
    post_logout_redirect_uri: CLIENT.postLogoutRedirectUris[0]!,
    state: 'after-logout',
  });
  const logout = await fetch(logoutUrl, { redirect: 'manual' });
  expect(logout.status).toBe(302);
  expect(logout.headers.get('location')).toBe('http://127.0.0.1:9/?state=after-logout');
});

it('accepts openid-client with client_secret_basic as well as its default client_secret_post', async () => {
  const config = await client.discovery(new URL(issuer), CLIENT.clientId, undefined, client.ClientSecretBasic(CLIENT.clientSecret), {
    execute: [client.allowInsecureRequests],
  });
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: CLIENT.redirectUris[0]!,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  });
  const callback = await signInThroughForm(authorizationUrl, { email: 'heidi@contoso.com' });
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: codeVerifier, expectedState: state });
  expect(tokens.claims()).toMatchObject({ email: 'heidi@contoso.com', name: 'heidi' });
  expect(tokens.scope).toBe('openid');
});
