import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiresSubscription } from '../../shared/domain/subscription-status.js';
import { billingPayments, billingSubscriptions, paypalWebhookEvents, tenants } from '../db/schema/index.js';
import { hasActiveSubscription } from './has-active-subscription.js';
import { reconcileSubscriptions } from './reconcile-subscriptions.js';
import { BillingHarness, type Customer } from './test-support/billing-test-harness.js';
import { DAY_MS } from '../../shared/domain/day-length.js';

let harness: BillingHarness;

beforeAll(async () => {
  harness = await BillingHarness.start();
});
afterAll(async () => {
  await harness?.close();
});

async function paypalSubscription(id: string) {
  const { subscriptions } = await harness.control<{ subscriptions: { id: string; status: string; custom_id?: string; subscriber?: any }[] }>(
    'GET',
    '/_control/subscriptions',
  );
  return subscriptions.find((subscription) => subscription.id === id)!;
}

async function billingHistory(customer: Customer) {
  const response = await harness.as(customer, 'GET', '/api/billing-history');
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; date: string; description: string; amount: number; status: string; invoiceNumber: string; invoiceUrl: string }[];
}

const isActive = (customer: Customer) => hasActiveSubscription(harness.database.db, customer.tenant.id, harness.simulator.clock.now());

describe('purchase through PayPal', () => {
  it("creates, is approved on PayPal's page, returns and is active, with the first payment invoiced", async () => {
    const customer = await harness.customer({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(await harness.status(customer)).toEqual({
      status: 'none',
      plan: null,
      subscriptionEndsAt: null,
      trialEnd: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });

    // Webhooks held: only the return page may activate it here.
    await harness.control('POST', '/_control/webhooks/hold');
    const { subscriptionId, returnUrl } = await harness.approveNewSubscription(customer, 'monthly');
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe('http://localhost:3000/subscription/success');
    expect(returnUrl.searchParams.get('subscription_id')).toBe(subscriptionId);
    expect(returnUrl.searchParams.get('ba_token')).toMatch(/^BA-/);
    expect(returnUrl.searchParams.get('token')).toBeTruthy();
    expect((await harness.status(customer)).status).toBe('incomplete');

    const atPayPal = await paypalSubscription(subscriptionId);
    expect(atPayPal.custom_id).toBe(customer.tenant.id);
    expect(atPayPal.subscriber.email_address).toBe(customer.user.email);
    expect(atPayPal.subscriber.name).toEqual({ given_name: 'Ada', surname: 'Lovelace' });

    const activated = await harness.as(customer, 'POST', '/api/paypal/activate-subscription', { subscriptionId });
    expect(activated.statusCode).toBe(200);
    const now = harness.simulator.clock.now();
    expect(activated.json()).toMatchObject({
      status: 'active',
      plan: 'monthly',
      cancelAtPeriodEnd: false,
      subscriptionEndsAt: null,
      message: 'Your subscription has been activated successfully!',
    });
    const periodEnd = new Date(activated.json().currentPeriodEnd).getTime();
    expect(periodEnd - now.getTime()).toBeGreaterThan(27 * DAY_MS);
    expect(periodEnd - now.getTime()).toBeLessThan(32 * DAY_MS);
    expect(await isActive(customer)).toBe(true);
    expect(requiresSubscription((await harness.status(customer)).status)).toBe(false);

    const history = await billingHistory(customer);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: 35, currency: 'USD', status: 'paid', invoiceUrl: `/api/download-invoice/${history[0]!.id}` });
    expect(history[0]!.invoiceNumber).toMatch(new RegExp(`^PW-${now.getUTCFullYear()}-\\d{6}$`));
    expect(history[0]!.description).toMatch(/^Passwatch Monthly plan, \d+\/\d+\/\d{4} - \d+\/\d+\/\d{4}$/);

    // The held webhooks (CREATED, ACTIVATED, SALE.COMPLETED) change nothing more.
    await harness.control('POST', '/_control/webhooks/release');
    await harness.settleWebhooks();
    expect(await billingHistory(customer)).toEqual(history);
    expect((await harness.status(customer)).status).toBe('active');

    const tenant = await harness.database.db.select().from(tenants).where(eq(tenants.id, customer.tenant.id));
    expect(tenant[0]).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'monthly', paypalSubscriptionId: subscriptionId });
  });

  it('creates the PayPal product and plans once, whatever the number of purchases', async () => {
    await harness.purchase(await harness.customer(), 'yearly');
    await harness.purchase(await harness.customer(), 'monthly');
    expect(harness.simulator.state.products.size).toBe(1);
    const plans = [...harness.simulator.state.plans.values()].map((plan) => ({
      price: plan.price.value,
      unit: plan.frequency.interval_unit,
      cycles: plan.totalCycles,
    }));
    expect(plans).toEqual([
      { price: '35.00', unit: 'MONTH', cycles: 0 },
      { price: '365.00', unit: 'YEAR', cycles: 0 },
    ]);
  });

  it('numbers invoices in sequence and bills renewals', async () => {
    const customer = await harness.customer();
    await harness.purchase(customer, 'monthly');
    const before = await harness.status(customer);
    await harness.control('POST', '/_control/clock/advance', { days: 31 });
    await harness.settleWebhooks();
    const history = await billingHistory(customer);
    expect(history).toHaveLength(2);
    const [renewal, first] = history;
    expect(renewal!.invoiceNumber > first!.invoiceNumber).toBe(true);
    // Across all organizations the numbers run 1..N without gaps.
    const numbers = (await harness.database.db.select({ number: billingPayments.invoiceNumber }).from(billingPayments))
      .map((row) => Number(row.number.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const after = await harness.status(customer);
    expect(new Date(after.currentPeriodEnd).getTime()).toBeGreaterThan(new Date(before.currentPeriodEnd).getTime());
    expect(after.status).toBe('active');
  });

  it('refuses a second purchase while active and validates the plan', async () => {
    const customer = await harness.customer();
    const invalid = await harness.as(customer, 'POST', '/api/paypal/create-subscription', { planType: 'weekly' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Please choose the monthly or yearly plan');
    await harness.purchase(customer);
    const again = await harness.as(customer, 'POST', '/api/paypal/create-subscription', { planType: 'yearly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This organization already has an active subscription');
  });
});

describe('manual activation', () => {
  it('activates a trimmed id, and refuses an empty one with the documented message', async () => {
    const customer = await harness.customer();
    await harness.control('POST', '/_control/webhooks/hold');
    const { subscriptionId } = await harness.approveNewSubscription(customer, 'yearly');

    for (const empty of ['', '   ']) {
      const response = await harness.as(customer, 'POST', '/api/paypal/activate-subscription', { subscriptionId: empty });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter a PayPal subscription ID');
    }
    const missing = await harness.as(customer, 'POST', '/api/paypal/activate-subscription', {});
    expect(missing.json().message).toBe('Please enter a PayPal subscription ID');
    expect((await harness.status(customer)).status).toBe('incomplete');

    const activated = await harness.as(customer, 'POST', '/api/paypal/activate-subscription', { subscriptionId: `  ${subscriptionId}\t` });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', plan: 'yearly' });
    await harness.control('POST', '/_control/webhooks/release');
    await harness.settleWebhooks();
  });

  it('refuses a subscription the buyer has not approved yet', async () => {
    const customer = await harness.customer();
    const created = await harness.as(customer, 'POST', '/api/paypal/create-subscription', { planType: 'monthly' });
    expect(created.statusCode).toBe(200);
    expect(created.json().approvalUrl).toContain('ba_token=BA-');
    const response = await harness.as(customer, 'POST', '/api/paypal/activate-subscription', { subscriptionId: created.json().subscriptionId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This PayPal subscription has not been approved yet');
    expect((await harness.status(customer)).status).toBe('incomplete');
    await harness.settleWebhooks();
  });

  it("refuses someone else's subscription id and an unknown one, changing nothing", async () => {
    const owner = await harness.customer();
    const claimant = await harness.customer();
    const subscriptionId = await harness.purchase(owner);

    const stolen = await harness.as(claimant, 'POST', '/api/paypal/activate-subscription', { subscriptionId });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe('This PayPal subscription belongs to another organization');
    expect((await harness.status(claimant)).status).toBe('none');
    expect((await harness.status(owner)).status).toBe('active');

    const unknown = await harness.as(claimant, 'POST', '/api/paypal/activate-subscription', { subscriptionId: 'I-DOESNOTEXIST' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('PayPal subscription not found');
    expect((await harness.status(claimant)).status).toBe('none');
  });

  it('refuses a subscription to a plan that is not ours', async () => {
    const customer = await harness.customer();
    const token = await paypalToken();
    const api = (path: string, body: unknown) =>
      fetch(`${harness.paypalUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ id: string }>);
    const product = await api('/v1/catalogs/products', { name: 'Other', type: 'SERVICE' });
    const plan = await api('/v1/billing/plans', {
      product_id: product.id,
      name: 'Other',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: '1.00', currency_code: 'USD' } },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true },
    });
    const foreign = await api('/v1/billing/subscriptions', { plan_id: plan.id, custom_id: customer.tenant.id });
    const response = await harness.as(customer, 'POST', '/api/paypal/activate-subscription', { subscriptionId: foreign.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This PayPal subscription is not for a Passwatch plan');
    expect((await harness.status(customer)).status).toBe('none');
  });
});

async function paypalToken(): Promise<string> {
  const { clientId, clientSecret } = await import('../../simulators/paypal/index.js').then((module) => module.DEMO_PAYPAL_CREDENTIALS);
  const response = await fetch(`${harness.paypalUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('cancel at period end', () => {
  it('keeps access until the period end, and reactivating before then resumes billing', async () => {
    const customer = await harness.customer();
    const subscriptionId = await harness.purchase(customer);
    const periodEnd = (await harness.status(customer)).currentPeriodEnd;

    const cancelled = await harness.as(customer, 'POST', '/api/cancel-subscription');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      status: 'active',
      plan: 'monthly',
      subscriptionEndsAt: periodEnd,
      trialEnd: null,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      message: 'Subscription will be canceled at the end of the current period',
    });
    expect((await paypalSubscription(subscriptionId)).status).toBe('SUSPENDED');
    // PayPal's SUSPENDED webhook must not read as a failed payment.
    await harness.settleWebhooks();
    expect(await harness.status(customer)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await isActive(customer)).toBe(true);

    const twice = await harness.as(customer, 'POST', '/api/cancel-subscription');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The subscription is already scheduled to cancel at the end of the period');

    const reactivated = await harness.as(customer, 'POST', '/api/reactivate-subscription');
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, subscriptionEndsAt: null, message: 'Subscription Reactivated' });
    expect((await paypalSubscription(subscriptionId)).status).toBe('ACTIVE');
    await harness.settleWebhooks();
    expect(await harness.status(customer)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    const nothing = await harness.as(customer, 'POST', '/api/reactivate-subscription');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('There is no subscription scheduled to cancel');
  });

  it('ends access when the period passes and the reconciliation job cancels at PayPal for good', async () => {
    const customer = await harness.customer();
    const subscriptionId = await harness.purchase(customer);
    await harness.as(customer, 'POST', '/api/cancel-subscription');
    await harness.settleWebhooks();
    const { currentPeriodEnd } = await harness.status(customer);

    await harness.control('POST', '/_control/clock/advance', { to: new Date(new Date(currentPeriodEnd).getTime() + 60_000).toISOString() });
    // Even before the job runs, access has ended.
    expect((await harness.status(customer)).status).toBe('canceled');
    expect(await isActive(customer)).toBe(false);

    const report = await reconcileSubscriptions(harness.app.billing);
    expect(report.failed).toBe(0);
    expect((await paypalSubscription(subscriptionId)).status).toBe('CANCELLED');
    await harness.settleWebhooks();
    expect(await harness.status(customer)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false, subscriptionEndsAt: currentPeriodEnd });
    const [billing] = await harness.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.tenantId, customer.tenant.id));
    expect(billing?.paypalStatus).toBe('CANCELLED');

    const late = await harness.as(customer, 'POST', '/api/reactivate-subscription');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The subscription has already ended; please subscribe again');
    expect((await reconcileSubscriptions(harness.app.billing)).failed).toBe(0);
    expect((await harness.status(customer)).status).toBe('canceled');
  });

  it('subscribes anew after a final cancel, and a late event about the old subscription changes nothing', async () => {
    const customer = await harness.customer();
    const old = await harness.purchase(customer);
    await harness.as(customer, 'POST', '/api/cancel-subscription');
    const { currentPeriodEnd } = await harness.status(customer);
    await harness.control('POST', '/_control/clock/advance', { to: new Date(Date.parse(currentPeriodEnd) + 60_000).toISOString() });
    await reconcileSubscriptions(harness.app.billing);
    await harness.settleWebhooks();
    expect((await harness.status(customer)).status).toBe('canceled');

    await harness.control('POST', '/_control/clock/advance', { minutes: 1 });
    const created = await harness.as(customer, 'POST', '/api/paypal/create-subscription', { planType: 'yearly' });
    expect(created.statusCode).toBe(200);
    await harness.settleWebhooks();
    expect(await harness.status(customer)).toMatchObject({ status: 'incomplete', plan: 'yearly' });
    const cancelledEvent = (
      await harness.control<{ events: { id: string; event_type: string; event: { resource: { id?: string } } }[] }>('GET', '/_control/events')
    ).events.find((record) => record.event_type === 'BILLING.SUBSCRIPTION.CANCELLED' && record.event.resource.id === old)!;
    // As if its first delivery arrived only now.
    await harness.database.db.delete(paypalWebhookEvents).where(eq(paypalWebhookEvents.eventId, cancelledEvent.id));
    const { delivery } = await harness.control<{ delivery: { statusCode: number } }>('POST', `/_control/events/${cancelledEvent.id}/redeliver`);
    expect(delivery.statusCode).toBe(200);
    expect(await harness.status(customer)).toMatchObject({ status: 'incomplete', plan: 'yearly' });
  });

  it('refuses a second purchase while a payment is past due: PayPal is still retrying the first', async () => {
    const customer = await harness.customer();
    const old = await harness.purchase(customer);
    await harness.control('POST', `/_control/subscriptions/${old}/fail-payment`);
    await harness.settleWebhooks();
    expect((await harness.status(customer)).status).toBe('past_due');
    const ofCustomer = () => [...harness.simulator.state.subscriptions.values()].filter((subscription) => subscription.customId === customer.tenant.id);
    expect(ofCustomer()).toHaveLength(1);

    const again = await harness.as(customer, 'POST', '/api/paypal/create-subscription', { planType: 'yearly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A payment of this subscription is past due: update the payment method instead of buying a second plan');
    expect(ofCustomer()).toHaveLength(1);
    expect(await harness.status(customer)).toMatchObject({ status: 'past_due', plan: 'monthly' });
  });

  it('replaces a past-due subscription with one bought at PayPal directly and stops the old one billing', async () => {
    const customer = await harness.customer();
    const old = await harness.purchase(customer);
    await harness.control('POST', `/_control/subscriptions/${old}/fail-payment`);
    await harness.settleWebhooks();
    expect((await harness.status(customer)).status).toBe('past_due');

    // A pending new subscription (made outside the app, which refuses one now) does not hide the past-due one...
    const { planIds } = await harness.app.billing.catalog.ensure();
    const created = await harness.app.billing.paypal.createSubscription({
      planId: planIds.monthly,
      customId: customer.tenant.id,
      subscriber: {},
      brandName: 'Passwatch',
      returnUrl: 'http://localhost/subscription/success',
      cancelUrl: 'http://localhost/subscription/cancel',
    });
    const returnUrl = await harness.approveAtPayPal(created.approvalUrl);
    const replacement = returnUrl.searchParams.get('subscription_id')!;
    // ...until it is active.
    const activated = await harness.as(customer, 'POST', '/api/paypal/activate-subscription', { subscriptionId: replacement });
    expect(activated.statusCode).toBe(200);
    await harness.settleWebhooks();
    expect(await harness.status(customer)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await paypalSubscription(old)).status).toBe('CANCELLED');
    const [tenant] = await harness.database.db.select().from(tenants).where(eq(tenants.id, customer.tenant.id));
    expect(tenant?.paypalSubscriptionId).toBe(replacement);
  });

  it('refuses to cancel without a subscription', async () => {
    const customer = await harness.customer();
    const response = await harness.as(customer, 'POST', '/api/cancel-subscription');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('There is no active subscription to cancel');
  });
});

describe('payment trouble', () => {
  it('turns past_due on a failed payment, which sends the dashboard to /subscription and stops automation', async () => {
    const customer = await harness.customer();
    const subscriptionId = await harness.purchase(customer);
    await harness.control('POST', `/_control/subscriptions/${subscriptionId}/fail-payment`);
    await harness.settleWebhooks();
    const status = await harness.status(customer);
    expect(status.status).toBe('past_due');
    expect(requiresSubscription(status.status)).toBe(true);
    expect(await isActive(customer)).toBe(false);

    // The failure threshold suspends it at PayPal; still past due, not "cancelling".
    await harness.control('POST', `/_control/subscriptions/${subscriptionId}/fail-payment`);
    await harness.control('POST', `/_control/subscriptions/${subscriptionId}/fail-payment`);
    await harness.settleWebhooks();
    expect((await paypalSubscription(subscriptionId)).status).toBe('SUSPENDED');
    expect(await harness.status(customer)).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: false });
    const cancel = await harness.as(customer, 'POST', '/api/cancel-subscription');
    expect(cancel.statusCode).toBe(400);
  });

  it('records a refund on the payment and its invoice', async () => {
    const customer = await harness.customer();
    await harness.purchase(customer);
    const payment = [...harness.simulator.state.transactions.values()].find(
      (transaction) => harness.simulator.state.subscriptions.get(transaction.subscriptionId)?.customId === customer.tenant.id,
    );
    await harness.control('POST', `/_control/transactions/${payment!.id}/refund`);
    await harness.settleWebhooks();
    const [item] = await billingHistory(customer);
    expect(item).toMatchObject({ status: 'refunded', amount: 35 });
    const invoice = await harness.app.inject({ method: 'GET', url: item!.invoiceUrl, headers: { cookie: customer.cookie } });
    expect(invoice.body).toContain('Refunded');
  });

  it('re-reads PayPal on verification even when no webhook arrived', async () => {
    const customer = await harness.customer();
    const subscriptionId = await harness.purchase(customer);
    await harness.control('POST', '/_control/webhooks/hold');
    await harness.control('POST', `/_control/subscriptions/${subscriptionId}/fail-payment`);
    expect((await harness.status(customer)).status).toBe('active');
    const verified = await harness.as(customer, 'GET', '/api/subscription-verification');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'past_due', plan: 'monthly' });
    expect(Math.abs(Date.parse(verified.json().verifiedAt) - harness.simulator.clock.now().getTime())).toBeLessThan(5_000);
    expect((await harness.status(customer)).status).toBe('past_due');
    await harness.control('POST', '/_control/webhooks/release');
    await harness.settleWebhooks();
  });
});

describe('invoices and payment method', () => {
  it('serves a printable invoice to members only, with or without the tenant header', async () => {
    const customer = await harness.customer();
    await harness.purchase(customer);
    const [item] = await billingHistory(customer);

    const page = await harness.app.inject({ method: 'GET', url: item!.invoiceUrl, headers: { cookie: customer.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(item!.invoiceNumber);
    expect(page.body).toContain(customer.tenant.name);
    expect(page.body).toContain(customer.tenant.domain);
    expect(page.body).toContain('$35.00');
    expect(page.body).toContain('USD');
    expect(page.body).toContain('Passwatch Monthly plan');
    expect(page.body).toContain('>Print</button>');
    expect(page.body).toContain('@media print');
    expect(page.body).toContain('Paid');

    const withHeader = await harness.as(customer, 'GET', item!.invoiceUrl);
    expect(withHeader.statusCode).toBe(200);

    const stranger = await harness.customer();
    const foreign = await harness.app.inject({ method: 'GET', url: item!.invoiceUrl, headers: { cookie: stranger.cookie } });
    expect(foreign.statusCode).toBe(404);
    // The stranger's own organization in the header does not open someone else's invoice.
    expect((await harness.as(stranger, 'GET', item!.invoiceUrl)).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: item!.invoiceUrl })).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'GET', url: '/api/download-invoice/not-an-id', headers: { cookie: customer.cookie } })).statusCode).toBe(404);
  });

  it("sends the buyer to PayPal's automatic-payments page", async () => {
    const customer = await harness.customer();
    const none = await harness.as(customer, 'POST', '/api/update-payment-method');
    expect(none.statusCode).toBe(400);
    await harness.purchase(customer);
    const response = await harness.as(customer, 'POST', '/api/update-payment-method');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clientSecret: `${harness.paypalUrl}/myaccount/autopay/`, url: `${harness.paypalUrl}/myaccount/autopay/` });
  });

  it('keeps every billing route inside the organization', async () => {
    const owner = await harness.customer();
    const stranger = await harness.customer();
    const routes = [
      ['GET', '/api/subscription-status'],
      ['GET', '/api/subscription-verification'],
      ['GET', '/api/billing-history'],
      ['POST', '/api/cancel-subscription'],
      ['POST', '/api/reactivate-subscription'],
      ['POST', '/api/update-payment-method'],
      ['POST', '/api/paypal/create-subscription'],
      ['POST', '/api/paypal/activate-subscription'],
    ] as const;
    for (const [method, url] of routes) {
      const foreign = await harness.app.inject({ method, url, headers: { cookie: stranger.cookie, 'x-tenant-id': owner.tenant.id } });
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      const missing = await harness.app.inject({ method, url, headers: { cookie: owner.cookie } });
      expect(missing.statusCode, `${method} ${url}`).toBe(400);
      expect(missing.json().message).toBe('Tenant ID required');
    }
  });
});
