import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETURN_URL, startPayPalTestHarness, type PayPalTestHarness } from './test-support/paypal-test-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver.js';

const WALL_CLOCK = new Date('2025-03-10T12:00:00Z');
let harness: PayPalTestHarness;
let receiver: WebhookReceiver;
let plans: { monthlyPlanId: string; yearlyPlanId: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  harness = await startPayPalTestHarness({ clock: () => WALL_CLOCK, webhookUrl: receiver.url });
  plans = await harness.createCatalog();
});
beforeEach(async () => {
  await harness.simulator.settleWebhooks();
  harness.simulator.clock.reset();
  receiver.received.length = 0;
});
afterAll(async () => {
  await harness.close();
  await receiver.close();
});

async function activeSubscription(planId = plans.monthlyPlanId): Promise<string> {
  const { id } = await harness.createSubscription(planId);
  const approved = await harness.control('POST', `/_control/subscriptions/${id}/approve`);
  expect(approved.body.redirect_url).toContain(`subscription_id=${id}`);
  await harness.simulator.settleWebhooks();
  receiver.received.length = 0;
  return id;
}

const getSubscription = async (id: string, query = '') => (await harness.api('GET', `/v1/billing/subscriptions/${id}${query}`)).body;
const transactionsOf = async (id: string) =>
  (await harness.api('GET', `/v1/billing/subscriptions/${id}/transactions?start_time=2020-01-01T00:00:00Z&end_time=2030-01-01T00:00:00Z`)).body
    .transactions as { id: string; status: string; time: string }[];

describe('renewing a cycle', () => {
  it('records a new payment, moves next_billing_time and sends PAYMENT.SALE.COMPLETED', async () => {
    const id = await activeSubscription();
    const renewed = await harness.control('POST', `/_control/subscriptions/${id}/renew`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.transaction).toMatchObject({ status: 'COMPLETED', amount_with_breakdown: { gross_amount: { value: '35.00' } } });
    const subscription = await getSubscription(id);
    expect(subscription.billing_info).toMatchObject({ next_billing_time: '2025-05-10T12:00:00Z', cycle_executions: [{ cycles_completed: 2 }] });
    await harness.simulator.settleWebhooks();
    expect(receiver.eventTypes()).toEqual(['PAYMENT.SALE.COMPLETED']);
    expect((await transactionsOf(id)).length).toBe(2);
  });

  it('refuses to renew a subscription that is not active', async () => {
    const { id } = await harness.createSubscription(plans.monthlyPlanId);
    const response = await harness.control('POST', `/_control/subscriptions/${id}/renew`);
    expect(response.status).toBe(422);
    expect(response.body.details[0].issue).toBe('SUBSCRIPTION_STATUS_INVALID');
  });
});

describe('failed payments', () => {
  it('count up with PAYMENT.FAILED and suspend at the plan threshold; activate is then refused', async () => {
    const id = await activeSubscription();
    for (const expectedCount of [1, 2]) {
      await harness.control('POST', `/_control/subscriptions/${id}/fail-payment`);
      const subscription = await getSubscription(id, '?fields=last_failed_payment');
      expect(subscription.status).toBe('ACTIVE');
      expect(subscription.billing_info).toMatchObject({
        failed_payments_count: expectedCount,
        outstanding_balance: { value: '35.00' },
        last_failed_payment: {
          amount: { currency_code: 'USD', value: '35.00' },
          reason_code: 'PAYMENT_DENIED',
          time: '2025-03-10T12:00:00Z',
          next_payment_retry_time: '2025-03-15T12:00:00Z',
        },
      });
    }
    expect((await getSubscription(id)).billing_info.last_failed_payment).toBeUndefined();

    const third = await harness.control('POST', `/_control/subscriptions/${id}/fail-payment`, { reason_code: 'PAYER_CANNOT_PAY' });
    expect(third.body.subscription.status).toBe('SUSPENDED');
    const suspended = await getSubscription(id, '?fields=last_failed_payment');
    expect(suspended.billing_info.failed_payments_count).toBe(3);
    expect(suspended.billing_info.next_billing_time).toBeUndefined();
    expect(suspended.billing_info.last_failed_payment.reason_code).toBe('PAYER_CANNOT_PAY');

    await harness.simulator.settleWebhooks();
    expect(receiver.eventTypes()).toEqual([
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
    ]);

    const activate = await harness.api('POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'Paid up' });
    expect(activate.status).toBe(422);
    expect(activate.body.details[0]).toMatchObject({
      issue: 'SUBSCRIPTION_CANNOT_BE_ACTIVATED',
      description: 'Subscription cannot be activated after payment failure threshold has reached.',
    });
    expect((await harness.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Unpaid' })).status).toBe(204);
  });

  it('follow the threshold the plan sets, and a successful payment resets the count', async () => {
    const product = (await harness.api('GET', `/v1/billing/plans/${plans.monthlyPlanId}`)).body.product_id as string;
    const strict = await harness.api('POST', '/v1/billing/plans', {
      product_id: product,
      name: 'Strict',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH' },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: '10', currency_code: 'USD' } },
        },
      ],
      payment_preferences: { payment_failure_threshold: 1 },
    });
    const id = await activeSubscription(strict.body.id);
    await harness.control('POST', `/_control/subscriptions/${id}/fail-payment`);
    expect((await getSubscription(id)).status).toBe('SUSPENDED');

    const lenient = await activeSubscription();
    await harness.control('POST', `/_control/subscriptions/${lenient}/fail-payment`);
    await harness.control('POST', `/_control/subscriptions/${lenient}/renew`);
    const recovered = await getSubscription(lenient);
    expect(recovered.billing_info).toMatchObject({ failed_payments_count: 0, outstanding_balance: { value: '0.00' } });
  });
});

describe('expiry and refunds', () => {
  it('expires an active subscription with BILLING.SUBSCRIPTION.EXPIRED', async () => {
    const id = await activeSubscription();
    expect((await harness.control('POST', `/_control/subscriptions/${id}/expire`)).status).toBe(200);
    const expired = await getSubscription(id);
    expect(expired.status).toBe('EXPIRED');
    expect(expired.billing_info.next_billing_time).toBeUndefined();
    expect((await harness.control('POST', `/_control/subscriptions/${id}/expire`)).status).toBe(422);
    await harness.simulator.settleWebhooks();
    expect(receiver.eventTypes()).toEqual(['BILLING.SUBSCRIPTION.EXPIRED']);
  });

  it('refunds a payment once: REFUNDED in the list and a PAYMENT.SALE.REFUNDED naming the sale', async () => {
    const id = await activeSubscription();
    const [payment] = await transactionsOf(id);
    const refunded = await harness.control('POST', `/_control/transactions/${payment?.id}/refund`);
    expect(refunded.body.transaction.status).toBe('REFUNDED');
    expect((await transactionsOf(id))[0]?.status).toBe('REFUNDED');
    await harness.simulator.settleWebhooks();
    expect(receiver.received[0]?.event).toMatchObject({
      event_type: 'PAYMENT.SALE.REFUNDED',
      resource_type: 'refund',
      resource: { sale_id: payment?.id, state: 'completed', amount: { total: '35.00', currency: 'USD' } },
    });
    expect((await harness.control('POST', `/_control/transactions/${payment?.id}/refund`)).status).toBe(422);
    expect((await harness.control('POST', '/_control/transactions/NOPE/refund')).status).toBe(404);
  });
});

describe('the simulated clock', () => {
  it('advances by days and bills every renewal that falls due on the way', async () => {
    const monthly = await activeSubscription();
    const yearly = await activeSubscription(plans.yearlyPlanId);
    const suspended = await activeSubscription();
    await harness.api('POST', `/v1/billing/subscriptions/${suspended}/suspend`, { reason: 'Pause' });

    const advanced = await harness.control('POST', '/_control/clock/advance', { days: 62 });
    expect(advanced.body.now).toBe('2025-05-11T12:00:00.000Z');
    expect((await harness.control('GET', '/_control/clock')).body.now).toBe('2025-05-11T12:00:00.000Z');
    expect((await transactionsOf(monthly)).map((t) => t.time)).toEqual(['2025-03-10T12:00:00Z', '2025-04-10T12:00:00Z', '2025-05-10T12:00:00Z']);
    expect((await getSubscription(monthly)).billing_info.next_billing_time).toBe('2025-06-10T12:00:00Z');
    expect(await transactionsOf(yearly)).toHaveLength(1);
    expect(await transactionsOf(suspended)).toHaveLength(1);
  });

  it('jumps to an instant without billing when asked, and never moves backwards', async () => {
    const id = await activeSubscription();
    const jumped = await harness.control('POST', '/_control/clock/advance', { to: '2025-06-01T00:00:00Z', runBilling: false });
    expect(jumped.body).toEqual({ now: '2025-06-01T00:00:00.000Z', charged: [] });
    expect(await transactionsOf(id)).toHaveLength(1);
    expect((await harness.control('POST', '/_control/clock/advance', { to: '2025-01-01T00:00:00Z' })).status).toBe(409);
    expect((await harness.control('POST', '/_control/clock/advance', {})).status).toBe(400);
  });
});

describe('listing and resetting', () => {
  it('lists subscriptions with their failed-payment flag and resets all state', async () => {
    const id = await activeSubscription();
    const listed = (await harness.control('GET', '/_control/subscriptions')).body.subscriptions;
    expect(listed.find((s: { id: string }) => s.id === id)).toMatchObject({ status: 'ACTIVE', suspended_for_failed_payments: false });

    const separate = await startPayPalTestHarness({ clock: () => WALL_CLOCK });
    try {
      const { monthlyPlanId } = await separate.createCatalog();
      const { approveUrl } = await separate.createSubscription(monthlyPlanId);
      await separate.control('POST', '/_control/clock/advance', { days: 3 });
      expect((await separate.control('POST', '/_control/reset')).status).toBe(200);
      expect((await separate.control('GET', '/_control/subscriptions')).body.subscriptions).toEqual([]);
      expect((await separate.control('GET', '/_control/clock')).body.now).toBe(WALL_CLOCK.toISOString());
      expect((await fetch(approveUrl)).status).toBe(404);
      expect((await separate.api('GET', `/v1/billing/plans/${monthlyPlanId}`)).status).toBe(401);
    } finally {
      await separate.close();
    }
  });

  it('approves through the control API like the buyer would', async () => {
    const { id } = await harness.createSubscription(plans.monthlyPlanId);
    const approved = await harness.control('POST', `/_control/subscriptions/${id}/approve`);
    expect(new URL(approved.body.redirect_url).searchParams.get('subscription_id')).toBe(id);
    expect(approved.body.redirect_url.startsWith(RETURN_URL.split('?')[0] as string)).toBe(true);
    expect(approved.body.subscription.status).toBe('ACTIVE');
  });
});
