import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PAYPAL_CREDENTIALS, type PayPalSimulatorOptions } from './index.js';
import { verifyWithServedCertificate } from './test-support/independent-webhook-verifier.js';
import { RETURN_URL, startPayPalTestHarness, type PayPalTestHarness } from './test-support/paypal-test-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver.js';

let directory: string;
let stateFile: string;
let receiver: WebhookReceiver;
const running: PayPalTestHarness[] = [];

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'paypal-state-'));
  // A folder that does not exist yet: the simulator creates it.
  stateFile = path.join(directory, 'demo', 'paypal-simulator.json');
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  for (const harness of running.splice(0)) await harness.close();
  await receiver.close();
  await rm(directory, { recursive: true, force: true });
  vi.restoreAllMocks();
});

async function startOnStateFile(options: PayPalSimulatorOptions = {}): Promise<PayPalTestHarness> {
  const harness = await startPayPalTestHarness({ stateFile, webhookUrl: receiver.url, ...options });
  running.push(harness);
  return harness;
}

/** Stops a simulator like a demo shutdown does (close flushes the state file). */
async function stop(harness: PayPalTestHarness): Promise<void> {
  running.splice(running.indexOf(harness), 1);
  await harness.close();
}

/** Links name the simulator's base URL, which changes with the port of each run. */
function rebased<T>(value: T, from: PayPalTestHarness, to: PayPalTestHarness): T {
  return JSON.parse(JSON.stringify(value).replaceAll(from.baseUrl, to.baseUrl)) as T;
}

const ALL_TIME = 'start_time=2000-01-01T00:00:00Z&end_time=2100-01-01T00:00:00Z';

describe('a simulator restarted on the same state file', () => {
  it('still has a subscription created, approved and renewed before: same status, billing_info, transactions, clock', async () => {
    const first = await startOnStateFile();
    const { monthlyPlanId } = await first.createCatalog();
    const { id, approveUrl } = await first.createSubscription(monthlyPlanId);
    await first.pressOnApprovalPage(approveUrl, 'Approve');
    await first.control('POST', '/_control/clock/advance', { days: 3, runBilling: false });
    await first.control('POST', `/_control/subscriptions/${id}/renew`);
    const before = (await first.api('GET', `/v1/billing/subscriptions/${id}`)).body;
    const transactionsBefore = (await first.api('GET', `/v1/billing/subscriptions/${id}/transactions?${ALL_TIME}`)).body;
    const clockBefore = Date.parse((await first.control('GET', '/_control/clock')).body.now);
    const firstToken = await first.accessToken();
    expect(before).toMatchObject({ status: 'ACTIVE', billing_info: { cycle_executions: [{ cycles_completed: 2 }] } });
    expect(transactionsBefore.transactions).toHaveLength(2);
    await stop(first);

    const second = await startOnStateFile();
    expect((await second.api('GET', `/v1/billing/subscriptions/${id}`)).body).toEqual(rebased(before, first, second));
    expect((await second.api('GET', `/v1/billing/subscriptions/${id}/transactions?${ALL_TIME}`)).body).toEqual(rebased(transactionsBefore, first, second));
    // The simulated clock is still three days ahead of the wall clock.
    const clockAfter = Date.parse((await second.control('GET', '/_control/clock')).body.now);
    expect(clockAfter - clockBefore).toBeGreaterThanOrEqual(0);
    expect(clockAfter - clockBefore).toBeLessThan(10_000);
    expect(clockAfter - Date.now()).toBeGreaterThan(3 * 86_400_000 - 10_000);
    // Catalog and access tokens too: the app's stored plan ids and cached token keep working.
    const plan = await second.api('GET', `/v1/billing/plans/${monthlyPlanId}`, undefined, { authorization: `Bearer ${firstToken}` });
    expect(plan).toMatchObject({ status: 200, body: { id: monthlyPlanId, status: 'ACTIVE' } });
  });

  it('cancels it and re-delivers its earlier events, signed with the new certificate', async () => {
    const first = await startOnStateFile();
    const { monthlyPlanId } = await first.createCatalog();
    const { id, approveUrl } = await first.createSubscription(monthlyPlanId);
    await first.pressOnApprovalPage(approveUrl, 'Approve');
    await first.simulator.settleWebhooks();
    const activated = receiver.received.find((webhook) => webhook.event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED');
    expect(activated?.event.resource).toMatchObject({ id });
    await stop(first);

    const second = await startOnStateFile();
    expect(await second.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Switching tools' })).toMatchObject({ status: 204 });
    expect((await second.api('GET', `/v1/billing/subscriptions/${id}`)).body).toMatchObject({ status: 'CANCELLED' });
    await second.simulator.settleWebhooks();
    const cancelled = receiver.received.at(-1);
    expect(cancelled?.event).toMatchObject({ event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: { id, status: 'CANCELLED' } });

    const resent = await second.control('POST', `/_control/events/${activated?.event.id}/redeliver`);
    expect(resent.body.delivery).toMatchObject({ attempt: 2, statusCode: 200 });
    const redelivered = receiver.received.at(-1);
    expect(redelivered?.rawBody.equals(activated?.rawBody ?? Buffer.alloc(0))).toBe(true);
    expect(redelivered?.headers['paypal-cert-url']).toMatch(new RegExp(`^${second.baseUrl}/v1/notifications/certs/CERT-`));
    expect(await verifyWithServedCertificate(redelivered!, DEMO_PAYPAL_CREDENTIALS.webhookId)).toBe(true);
    expect(await verifyWithServedCertificate(cancelled!, DEMO_PAYPAL_CREDENTIALS.webhookId)).toBe(true);

    // PayPal's own resend endpoint knows the old event too.
    const viaApi = await second.api('POST', `/v1/notifications/webhooks-events/${activated?.event.id}/resend`, {});
    expect(viaApi).toMatchObject({ status: 202, body: { id: activated?.event.id } });
    await second.simulator.settleWebhooks();
    expect(receiver.received.at(-1)?.rawBody.equals(activated?.rawBody ?? Buffer.alloc(0))).toBe(true);
  });

  it('keeps pending approvals and PayPal-Request-Id replies', async () => {
    const first = await startOnStateFile();
    const { monthlyPlanId } = await first.createCatalog();
    const body = { plan_id: monthlyPlanId, custom_id: 'org-7', application_context: { return_url: RETURN_URL, cancel_url: RETURN_URL } };
    const created = await first.api('POST', '/v1/billing/subscriptions', body, { 'PayPal-Request-Id': 'create-org-7' });
    expect(created.status).toBe(201);
    const approveUrl = (created.body.links as { rel: string; href: string }[]).find((link) => link.rel === 'approve')?.href ?? '';
    await stop(first);

    const second = await startOnStateFile();
    const repeated = await second.api('POST', '/v1/billing/subscriptions', body, { 'PayPal-Request-Id': 'create-org-7' });
    expect(repeated).toMatchObject({ status: 201, body: { id: created.body.id } });
    expect((await second.control('GET', '/_control/subscriptions')).body.subscriptions).toHaveLength(1);

    const approved = await second.pressOnApprovalPage(approveUrl.replace(first.baseUrl, second.baseUrl), 'Approve');
    expect(approved.status).toBe(302);
    expect(approved.location).toContain(`subscription_id=${created.body.id}`);
    expect((await second.api('GET', `/v1/billing/subscriptions/${created.body.id}`)).body).toMatchObject({ status: 'ACTIVE' });
  });

  it('delivers an event whose retries the shutdown interrupted', async () => {
    receiver.respondWith([500]);
    // The retry would come a minute later: the first run stops before it.
    const first = await startOnStateFile({ webhookRetryDelaysMs: [60_000] });
    const { monthlyPlanId } = await first.createCatalog();
    const { id } = await first.createSubscription(monthlyPlanId);
    await expect.poll(() => receiver.received.length).toBe(1);
    await stop(first);

    const second = await startOnStateFile();
    await second.simulator.settleWebhooks();
    expect(receiver.received.map((webhook) => webhook.event.id)).toEqual([receiver.received[0]?.event.id, receiver.received[0]?.event.id]);
    const [event] = (await second.control('GET', '/_control/events')).body.events;
    expect(event).toMatchObject({ status: 'delivered', event_type: 'BILLING.SUBSCRIPTION.CREATED', event: { resource: { id } } });
    expect(event.deliveries.map((delivery: { statusCode: number }) => delivery.statusCode)).toEqual([500, 200]);
  });

  it('delivers an event whose request the shutdown cut off', async () => {
    // A receiver that never answers: the delivery is in flight when the first run stops.
    let requests = 0;
    const silent = createServer(() => (requests += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const first = await startOnStateFile({ webhookUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook` });
      const { monthlyPlanId } = await first.createCatalog();
      await first.createSubscription(monthlyPlanId);
      await expect.poll(() => requests).toBe(1);
      await stop(first);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }

    const second = await startOnStateFile();
    await second.simulator.settleWebhooks();
    expect(receiver.eventTypes()).toEqual(['BILLING.SUBSCRIPTION.CREATED']);
    const [event] = (await second.control('GET', '/_control/events')).body.events;
    expect(event).toMatchObject({
      status: 'delivered',
      deliveries: [
        { attempt: 1, error: expect.any(String) },
        { attempt: 2, statusCode: 200 },
      ],
    });
  });
});

describe('the state file', () => {
  it.each([
    ['is not JSON', '{"version":1,"products":['],
    ['has an unknown version', '{"version":99}'],
  ])('is set aside when it %s, and the simulator starts empty', async (_case, content) => {
    await mkdir(path.dirname(stateFile), { recursive: true });
    await writeFile(stateFile, content);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const harness = await startOnStateFile();

    expect((await harness.control('GET', '/_control/subscriptions')).body.subscriptions).toEqual([]);
    const files = await readdir(path.dirname(stateFile));
    const aside = files.find((name) => name.startsWith('paypal-simulator.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(path.join(path.dirname(stateFile), aside ?? ''), 'utf8')).toBe(content);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`moved it to ${path.join(path.dirname(stateFile), aside ?? '')}`));
    // The simulator goes on saving to the usual place.
    await harness.createCatalog();
    await stop(harness);
    expect(JSON.parse(await readFile(stateFile, 'utf8'))).toMatchObject({ version: 1, plans: [expect.anything(), expect.anything()] });
  });

  it('is always complete JSON while changes come fast (temporary file + rename), and complete after close', async () => {
    const harness = await startOnStateFile({ stateSaveDelayMs: 0 });
    let changing = true;
    const unreadable: string[] = [];
    let completeReads = 0;
    const reader = (async () => {
      while (changing) {
        const text = await readFile(stateFile, 'utf8').catch(() => undefined);
        if (text !== undefined) {
          try {
            JSON.parse(text);
            completeReads += 1;
          } catch {
            unreadable.push(text.slice(-40));
          }
        }
        await sleep(1);
      }
    })();
    // At least 60 changes, and on until the reader has read the file between changes a few times:
    // on a busy machine 60 changes can be over before the reader has had its turn.
    let products = 0;
    while ((products < 60 || completeReads <= 5) && products < 2_000) {
      await harness.api('POST', '/v1/catalogs/products', { name: `Product ${products}`, type: 'SERVICE' });
      products += 1;
    }
    changing = false;
    await reader;
    await stop(harness);

    expect(unreadable).toEqual([]);
    expect(completeReads).toBeGreaterThan(5);
    expect(JSON.parse(await readFile(stateFile, 'utf8')).products).toHaveLength(products);
    // No temporary file is left behind.
    expect(await readdir(path.dirname(stateFile))).toEqual(['paypal-simulator.json']);
  });
});
