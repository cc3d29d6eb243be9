// PayPal's own server SDK against the PayPal simulator over TLS. The SDK has no setting for its
// base URL (https://api-m.sandbox.paypal.com is built in), so its https agent connects that host
// name to the simulator's port and checks the test certificate made for it. A deviation of the
// simulator from PayPal's wire format shows up as an SDK error (it validates every response).
import { Client, Environment, SubscriptionsController } from '@paypal/paypal-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYPAL_CREDENTIALS } from '../paypal/index.js';
import { CANCEL_URL, type PayPalTestHarness, RETURN_URL, startPayPalTestHarness } from '../paypal/test-support/paypal-test-harness.js';
import { generateTestCertificate, routingAgent, serveOverTls, type TlsServer } from './tls-test-server.js';

const SANDBOX_HOST = 'api-m.sandbox.paypal.com';

let harness: PayPalTestHarness;
let server: TlsServer;
let client: Client;
let monthlyPlanId: string;

beforeAll(async () => {
  harness = await startPayPalTestHarness();
  ({ monthlyPlanId } = await harness.createCatalog());
  const certificate = await generateTestCertificate([SANDBOX_HOST]);
  server = await serveOverTls(harness.simulator.app, certificate);
  client = new Client({
    environment: Environment.Sandbox,
    timeout: 10_000,
    clientCredentialsAuthCredentials: { oAuthClientId: DEMO_PAYPAL_CREDENTIALS.clientId, oAuthClientSecret: DEMO_PAYPAL_CREDENTIALS.clientSecret },
    httpClientOptions: { httpsAgent: routingAgent(certificate, server.port), retryConfig: { maxNumberOfRetries: 0 } },
    // No proxy from the environment: the request must reach the routing agent.
    unstable_httpClientOptions: { proxy: false },
  });
});
afterAll(async () => {
  await server?.close();
  await harness?.close();
});

async function createSubscription(subscriptions: SubscriptionsController) {
  const { result, statusCode } = await subscriptions.createSubscription({
    prefer: 'return=representation',
    paypalRequestId: `fidelity-${Math.random().toString(36).slice(2)}`,
    body: {
      planId: monthlyPlanId,
      customId: 'org-42',
      subscriber: { name: { givenName: 'Ada', surname: 'Lovelace' }, emailAddress: 'ada@example.test' },
      applicationContext: { brandName: 'Passwatch', returnUrl: RETURN_URL, cancelUrl: CANCEL_URL },
    },
  });
  return { result, statusCode };
}

describe('@paypal/paypal-server-sdk against the PayPal simulator', () => {
  it('gets an OAuth token with the client credentials', async () => {
    const token = await client.clientCredentialsAuthManager.fetchToken();
    expect(token.tokenType).toBe('Bearer');
    expect(token.accessToken.length).toBeGreaterThan(20);
    expect(Number(token.expiresIn)).toBeGreaterThan(0);
  });

  it('creates a subscription, and reads it again once the buyer approved it', async () => {
    const subscriptions = new SubscriptionsController(client);
    const { result: created, statusCode } = await createSubscription(subscriptions);
    expect(statusCode).toBe(201);
    expect(created).toMatchObject({ status: 'APPROVAL_PENDING', planId: monthlyPlanId, customId: 'org-42' });
    const approve = created.links?.find((link) => link.rel === 'approve')?.href;
    expect((await harness.pressOnApprovalPage(approve ?? '', 'Approve')).status).toBe(302);

    const { result: active } = await subscriptions.getSubscription({ id: created.id ?? '' });
    expect(active.status).toBe('ACTIVE');
    expect(active.billingInfo?.nextBillingTime).toBeTruthy();
    expect(active.billingInfo?.lastPayment?.amount).toEqual({ currencyCode: 'USD', value: '35.00' });
  });

  it('reads a cancelled subscription with its billing_info kept, without next_billing_time', async () => {
    const subscriptions = new SubscriptionsController(client);
    const { result: created } = await createSubscription(subscriptions);
    const approve = created.links?.find((link) => link.rel === 'approve')?.href;
    await harness.pressOnApprovalPage(approve ?? '', 'Approve');
    const id = created.id ?? '';
    expect((await subscriptions.cancelSubscription({ id, body: { reason: 'No longer needed' } })).statusCode).toBe(204);
    const { result: cancelled } = await subscriptions.getSubscription({ id });
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.billingInfo).toMatchObject({ failedPaymentsCount: 0, lastPayment: { amount: { value: '35.00' } } });
    expect(cancelled.billingInfo?.nextBillingTime).toBeUndefined();
  });
});
