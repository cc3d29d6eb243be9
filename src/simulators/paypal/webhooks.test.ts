import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PAYPAL_CREDENTIALS } from './index.js';
import { verifyWithServedCertificate } from './test-support/independent-webhook-verifier.js';
import { startPayPalTestHarness, type PayPalTestHarness } from './test-support/paypal-test-harness.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './test-support/webhook-receiver.js';

let harness: PayPalTestHarness;
let receiver: WebhookReceiver;
let planId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  harness = await startPayPalTestHarness({ webhookUrl: receiver.url });
  planId = (await harness.createCatalog()).monthlyPlanId;
  await harness.simulator.settleWebhooks();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.respondWith([]);
});
afterAll(async () => {
  await harness.close();
  await receiver.close();
});

async function approvedSubscription(): Promise<string> {
  const { id, approveUrl } = await harness.createSubscription(planId);
  await harness.pressOnApprovalPage(approveUrl, 'Approve');
  await harness.simulator.settleWebhooks();
  return id;
}

function verifyRequest(webhook: ReceivedWebhook, overrides: Record<string, unknown> = {}) {
  return harness.api('POST', '/v1/notifications/verify-webhook-signature', {
    auth_algo: webhook.headers['paypal-auth-algo'],
    cert_url: webhook.headers['paypal-cert-url'],
    transmission_id: webhook.headers['paypal-transmission-id'],
    transmission_sig: webhook.headers['paypal-transmission-sig'],
    transmission_time: webhook.headers['paypal-transmission-time'],
    webhook_id: DEMO_PAYPAL_CREDENTIALS.webhookId,
    webhook_event: JSON.parse(webhook.rawBody.toString('utf8')),
    ...overrides,
  });
}

describe('webhook delivery', () => {
  it('sends CREATED, then ACTIVATED and PAYMENT.SALE.COMPLETED on approval, in the PayPal envelope', async () => {
    const id = await approvedSubscription();
    expect(receiver.eventTypes()).toEqual(['BILLING.SUBSCRIPTION.CREATED', 'BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
    const [created, activated, sale] = receiver.received.map((w) => w.event);
    expect(activated).toMatchObject({
      id: expect.stringMatching(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/),
      event_version: '1.0',
      create_time: expect.any(String),
      resource_type: 'subscription',
      summary: expect.any(String),
      resource: { id, status: 'ACTIVE', custom_id: 'org-42', plan_id: planId },
      links: expect.arrayContaining([expect.objectContaining({ rel: 'self' })]),
    });
    expect(created?.resource).toMatchObject({ id, status: 'APPROVAL_PENDING' });
    expect(sale).toMatchObject({
      resource_type: 'sale',
      resource: { billing_agreement_id: id, state: 'completed', amount: { total: '35.00', currency: 'USD' } },
    });
    expect(new Set(receiver.received.map((w) => w.event.id)).size).toBe(3);
  });

  it('signs each transmission so that the served certificate verifies it (checked with node:crypto only)', async () => {
    await approvedSubscription();
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const webhook of receiver.received) {
      expect(webhook.headers['paypal-auth-algo']).toBe('SHA256withRSA');
      expect(webhook.headers['paypal-cert-url']).toBe(harness.simulator.certificateUrl);
      expect(webhook.headers['paypal-transmission-time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(await verifyWithServedCertificate(webhook, DEMO_PAYPAL_CREDENTIALS.webhookId)).toBe(true);
      expect(await verifyWithServedCertificate(webhook, 'ANOTHER-WEBHOOK-ID')).toBe(false);
      const tampered = { ...webhook, rawBody: Buffer.from(webhook.rawBody.toString('utf8').replace('"1.0"', '"1.1"')) };
      expect(await verifyWithServedCertificate(tampered, DEMO_PAYPAL_CREDENTIALS.webhookId)).toBe(false);
    }
  });

  it('verify-webhook-signature says SUCCESS for a genuine event and FAILURE for anything altered', async () => {
    await approvedSubscription();
    const webhook = receiver.received[1] as ReceivedWebhook;
    expect((await verifyRequest(webhook)).body).toEqual({ verification_status: 'SUCCESS' });
    const event = JSON.parse(webhook.rawBody.toString('utf8'));
    for (const overrides of [
      { webhook_id: 'OTHER00000000000' },
      { transmission_id: 'f0000000-0000-0000-0000-000000000000' },
      { webhook_event: { ...event, summary: 'changed' } },
      { cert_url: `${harness.baseUrl}/v1/notifications/certs/CERT-00000000-00000000-00000000` },
      { auth_algo: 'SHA1withRSA' },
    ]) {
      expect((await verifyRequest(webhook, overrides)).body).toEqual({ verification_status: 'FAILURE' });
    }
    const incomplete = await harness.api('POST', '/v1/notifications/verify-webhook-signature', { webhook_id: 'x' });
    expect(incomplete.status).toBe(400);
  });

  it('retries a delivery the receiver refused, with the same event id and a new transmission', async () => {
    receiver.respondWith([500, 503]);
    const { id } = await harness.createSubscription(planId);
    await harness.simulator.settleWebhooks();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((w) => w.event.id)).size).toBe(1);
    expect(new Set(receiver.received.map((w) => w.headers['paypal-transmission-id'])).size).toBe(3);
    const record = [...harness.simulator.state.events.values()].find((r) => r.event.resource.id === id);
    expect(record?.status).toBe('delivered');
    expect(record?.deliveries.map((d) => d.statusCode)).toEqual([500, 503, 200]);
  });

  it('gives up after the configured retries and marks the event failed', async () => {
    receiver.respondWith([500, 500, 500]);
    await harness.createSubscription(planId);
    await harness.simulator.settleWebhooks();
    expect(receiver.received).toHaveLength(3);
    const events = (await harness.control('GET', '/_control/events')).body.events;
    expect(events.at(-1)).toMatchObject({ status: 'failed', event_type: 'BILLING.SUBSCRIPTION.CREATED' });
  });
});

describe('re-delivery and ordering through the control API', () => {
  it('re-delivers an event with the same id (a duplicate for the receiver)', async () => {
    await approvedSubscription();
    const original = receiver.received[2] as ReceivedWebhook;
    const redelivered = await harness.control('POST', `/_control/events/${original.event.id}/redeliver`);
    expect(redelivered.body.delivery).toMatchObject({ statusCode: 200, attempt: 2 });
    const duplicate = receiver.received[3] as ReceivedWebhook;
    expect(duplicate.rawBody.equals(original.rawBody)).toBe(true);
    expect(duplicate.headers['paypal-transmission-id']).not.toBe(original.headers['paypal-transmission-id']);
    expect(await verifyWithServedCertificate(duplicate, DEMO_PAYPAL_CREDENTIALS.webhookId)).toBe(true);
    expect((await harness.control('POST', '/_control/events/WH-NOPE/redeliver')).status).toBe(404);
  });

  it('resends through PayPal’s own resend endpoint too', async () => {
    await approvedSubscription();
    const original = receiver.received[0] as ReceivedWebhook;
    const shown = await harness.api('GET', `/v1/notifications/webhooks-events/${original.event.id}`);
    expect(shown.body).toEqual(original.event);
    expect((await harness.api('POST', `/v1/notifications/webhooks-events/${original.event.id}/resend`)).status).toBe(202);
    await harness.simulator.settleWebhooks();
    expect(receiver.received.at(-1)?.event.id).toBe(original.event.id);
  });

  it('holds events and delivers them in a chosen order', async () => {
    await harness.control('POST', '/_control/webhooks/hold');
    const { id, approveUrl } = await harness.createSubscription(planId);
    await harness.pressOnApprovalPage(approveUrl, 'Approve');
    await harness.simulator.settleWebhooks();
    expect(receiver.received).toHaveLength(0);

    const held = (await harness.control('GET', '/_control/events')).body.events.filter(
      (e: { status: string; event: { resource: { id?: string; billing_agreement_id?: string } } }) => e.status === 'held',
    );
    expect(held.map((e: { event_type: string }) => e.event_type)).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
    ]);
    const reversed = held.map((e: { id: string }) => e.id).reverse();
    const delivered = await harness.control('POST', '/_control/events/deliver', { ids: reversed });
    expect(delivered.body.deliveries.map((d: { statusCode: number }) => d.statusCode)).toEqual([200, 200, 200]);
    expect(receiver.eventTypes()).toEqual(['PAYMENT.SALE.COMPLETED', 'BILLING.SUBSCRIPTION.ACTIVATED', 'BILLING.SUBSCRIPTION.CREATED']);
    expect(receiver.received[0]?.event.resource.billing_agreement_id).toBe(id);

    await harness.control('POST', '/_control/webhooks/release');
    await harness.simulator.settleWebhooks();
    expect(receiver.received).toHaveLength(3);
  });

  it('releasing held events sends them in publication order', async () => {
    await harness.control('POST', '/_control/webhooks/hold');
    await harness.createSubscription(planId);
    await harness.createSubscription(planId);
    await harness.control('POST', '/_control/webhooks/release');
    await harness.control('POST', '/_control/webhooks/settle');
    expect(receiver.eventTypes()).toEqual(['BILLING.SUBSCRIPTION.CREATED', 'BILLING.SUBSCRIPTION.CREATED']);
  });

  it('records events without a webhook URL and sends them to a URL set later only on request', async () => {
    await harness.control('PUT', '/_control/webhook-url', { url: null });
    await harness.createSubscription(planId);
    const events = (await harness.control('GET', '/_control/events')).body.events;
    const unsent = events.at(-1);
    expect(unsent.status).toBe('no_webhook_url');
    await harness.control('PUT', '/_control/webhook-url', { url: receiver.url });
    expect(receiver.received).toHaveLength(0);
    await harness.control('POST', `/_control/events/${unsent.id}/redeliver`);
    expect(receiver.eventTypes()).toEqual(['BILLING.SUBSCRIPTION.CREATED']);
  });
});
