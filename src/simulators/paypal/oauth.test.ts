import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYPAL_CREDENTIALS } from './index.js';
import { readJson, startPayPalTestHarness, type PayPalTestHarness } from './test-support/paypal-test-harness.js';

let wallClock = new Date('2025-06-01T08:00:00Z');
let harness: PayPalTestHarness;
beforeAll(async () => {
  harness = await startPayPalTestHarness({ clock: () => wallClock });
});
afterAll(() => harness.close());

function requestToken(authorization: string | undefined, body = 'grant_type=client_credentials') {
  return fetch(`${harness.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body,
  });
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const goodBasic = basic(DEMO_PAYPAL_CREDENTIALS.clientId, DEMO_PAYPAL_CREDENTIALS.clientSecret);

describe('POST /v1/oauth2/token', () => {
  it('issues a bearer token for the right client id and secret', async () => {
    const response = await requestToken(goodBasic);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 32400, app_id: expect.stringMatching(/^APP-/) });
    expect(body.access_token).toMatch(/^A21AA[\w-]{40,}$/);
    expect(body.scope).toContain('https://uri.paypal.com/services/subscriptions');
    expect(typeof body.nonce).toBe('string');
  });

  it('answers 401 invalid_client for a wrong secret, an unknown client or no Basic credentials', async () => {
    for (const authorization of [
      basic(DEMO_PAYPAL_CREDENTIALS.clientId, 'wrong'),
      basic('someone-else', DEMO_PAYPAL_CREDENTIALS.clientSecret),
      undefined,
      'Bearer abc',
    ]) {
      const response = await requestToken(authorization);
      expect(response.status).toBe(401);
      expect(await readJson(response)).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
  });

  it('requires grant_type=client_credentials', async () => {
    const missing = await requestToken(goodBasic, '');
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toEqual({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    const other = await requestToken(goodBasic, 'grant_type=password');
    expect(other.status).toBe(400);
    expect((await readJson(other)).error).toBe('unsupported_grant_type');
  });
});

describe('bearer tokens on the API', () => {
  it('rejects calls without or with an unknown token with AUTHENTICATION_FAILURE', async () => {
    for (const authorization of [undefined, 'Bearer not-a-token', goodBasic]) {
      const response = await fetch(`${harness.baseUrl}/v1/billing/plans`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect((await readJson(response)).name).toBe('AUTHENTICATION_FAILURE');
    }
  });

  it('accepts a fresh token, and rejects it 32400 s later on the wall clock', async () => {
    const token = (await readJson(await requestToken(goodBasic))).access_token as string;
    const call = () => fetch(`${harness.baseUrl}/v1/billing/plans`, { headers: { authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);
    wallClock = new Date(wallClock.getTime() + 32_399_000);
    expect((await call()).status).toBe(200);
    wallClock = new Date(wallClock.getTime() + 1_000);
    expect((await call()).status).toBe(401);
  });

  it('does not expire tokens when only the simulated clock moves, and can revoke them all', async () => {
    const token = (await readJson(await requestToken(goodBasic))).access_token as string;
    const call = () => fetch(`${harness.baseUrl}/v1/billing/plans`, { headers: { authorization: `Bearer ${token}` } });
    await harness.control('POST', '/_control/clock/advance', { days: 30 });
    expect((await call()).status).toBe(200);
    expect((await harness.control('POST', '/_control/tokens/revoke')).body.revoked).toBeGreaterThan(0);
    expect((await call()).status).toBe(401);
  });

  it('serves the webhook certificate without a token', async () => {
    const response = await fetch(harness.simulator.certificateUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(harness.simulator.certificatePem);
    const unknown = await fetch(`${harness.baseUrl}/v1/notifications/certs/CERT-00000000-00000000-00000000`);
    expect(unknown.status).toBe(404);
  });
});
