import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_URL, RETURN_URL, startPayPalTestHarness, type PayPalTestHarness } from './test-support/paypal-test-harness.js';

// The wall clock stands still (so access tokens stay valid); tests move the simulated clock.
const WALL_CLOCK = new Date('2025-01-31T10:00:00Z');
let harness: PayPalTestHarness;
let plans: { productId: string; monthlyPlanId: string; yearlyPlanId: string };

beforeAll(async () => {
  harness = await startPayPalTestHarness({ clock: () => WALL_CLOCK });
  plans = await harness.createCatalog();
});
beforeEach(() => {
  harness.simulator.clock.reset();
});
const setSimulatedTime = (iso: string) => harness.simulator.clock.setTo(new Date(iso));
afterAll(() => harness.close());

async function activeSubscription(planId = plans.monthlyPlanId) {
  const { id, approveUrl } = await harness.createSubscription(planId);
  const pressed = await harness.pressOnApprovalPage(approveUrl, 'Approve');
  expect(pressed.status).toBe(302);
  return id;
}

const getSubscription = async (id: string, query = '') => (await harness.api('GET', `/v1/billing/subscriptions/${id}${query}`)).body;
const action = (id: string, name: string, body: unknown = { reason: 'Customer asked' }) => harness.api('POST', `/v1/billing/subscriptions/${id}/${name}`, body);

describe('creating a subscription', () => {
  it('returns 201 APPROVAL_PENDING with an I- id and an approve link to the simulator', async () => {
    const response = await harness.api('POST', '/v1/billing/subscriptions', {
      plan_id: plans.monthlyPlanId,
      custom_id: 'org-7',
      application_context: { user_action: 'SUBSCRIBE_NOW', return_url: RETURN_URL, cancel_url: CANCEL_URL },
    });
    expect(response.status).toBe(201);
    expect(response.body.id).toMatch(/^I-[A-Z0-9]{12}$/);
    expect(response.body.status).toBe('APPROVAL_PENDING');
    const approve = response.body.links.find((l: { rel: string }) => l.rel === 'approve');
    expect(approve).toMatchObject({
      method: 'GET',
      href: expect.stringMatching(new RegExp(`^${harness.baseUrl}/webapps/billing/subscriptions\\?ba_token=BA-[A-Z0-9]{17}$`)),
    });
    expect(response.body.links.map((l: { rel: string }) => l.rel)).toEqual(expect.arrayContaining(['self', 'edit']));

    const read = await getSubscription(response.body.id);
    expect(read).toMatchObject({ status: 'APPROVAL_PENDING', plan_id: plans.monthlyPlanId, custom_id: 'org-7', plan_overridden: false });
    expect(read.billing_info).toBeUndefined();
  });

  it('returns the full subscription on Prefer: return=representation', async () => {
    const response = await harness.api(
      'POST',
      '/v1/billing/subscriptions',
      { plan_id: plans.yearlyPlanId, custom_id: 'org-8' },
      { prefer: 'return=representation' },
    );
    expect(response.body).toMatchObject({ plan_id: plans.yearlyPlanId, custom_id: 'org-8', status: 'APPROVAL_PENDING', start_time: '2025-01-31T10:00:00Z' });
  });

  it('repeats the first response for the same PayPal-Request-Id without creating another subscription', async () => {
    const body = { plan_id: plans.monthlyPlanId, custom_id: 'org-idem' };
    const first = await harness.api('POST', '/v1/billing/subscriptions', body, { 'paypal-request-id': 'create-org-idem-1' });
    const again = await harness.api('POST', '/v1/billing/subscriptions', body, { 'paypal-request-id': 'create-org-idem-1' });
    const other = await harness.api('POST', '/v1/billing/subscriptions', body, { 'paypal-request-id': 'create-org-idem-2' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(other.body.id).not.toBe(first.body.id);
    const created = [...harness.simulator.state.subscriptions.values()].filter((s) => s.customId === 'org-idem');
    expect(created).toHaveLength(2);
  });

  it('forgets a PayPal-Request-Id after 72 hours of simulated time', async () => {
    const body = { plan_id: plans.monthlyPlanId };
    const first = await harness.api('POST', '/v1/billing/subscriptions', body, { 'paypal-request-id': 'create-expiring' });
    setSimulatedTime('2025-02-03T09:00:00Z');
    expect((await harness.api('POST', '/v1/billing/subscriptions', body, { 'paypal-request-id': 'create-expiring' })).body.id).toBe(first.body.id);
    setSimulatedTime('2025-02-03T10:01:00Z');
    expect((await harness.api('POST', '/v1/billing/subscriptions', body, { 'paypal-request-id': 'create-expiring' })).body.id).not.toBe(first.body.id);
  });

  it('validates the body the way PayPal does', async () => {
    const response = await harness.api('POST', '/v1/billing/subscriptions', {
      custom_id: 'x'.repeat(128),
      application_context: { return_url: 'not a url', user_action: 'BUY' },
    });
    expect(response.status).toBe(400);
    const issues = response.body.details.map((d: { field: string; issue: string }) => `${d.field} ${d.issue}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        '/plan_id MISSING_REQUIRED_PARAMETER',
        '/custom_id INVALID_STRING_MAX_LENGTH',
        '/application_context/return_url INVALID_PARAMETER_SYNTAX',
        '/application_context/cancel_url MISSING_REQUIRED_PARAMETER',
        '/application_context/user_action INVALID_PARAMETER_VALUE',
      ]),
    );
    const unknownPlan = await harness.api('POST', '/v1/billing/subscriptions', { plan_id: 'P-000000000000000000000000' });
    expect(unknownPlan.status).toBe(404);
  });
});

describe('the buyer approval page', () => {
  it('shows the plan with Approve and Cancel buttons', async () => {
    const { approveUrl } = await harness.createSubscription(plans.monthlyPlanId);
    const response = await fetch(approveUrl);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<title>PayPal Sandbox - Approve subscription</title>');
    expect(page).toContain('Monthly');
    expect(page).toContain('$35.00 USD every month');
    expect(page).toContain('Passwatch');
    expect(page).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(page).toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  it('Approve activates the subscription, records the first payment and returns the buyer with the ids', async () => {
    const { id, approveUrl } = await harness.createSubscription(plans.monthlyPlanId);
    const baToken = new URL(approveUrl).searchParams.get('ba_token');
    const pressed = await harness.pressOnApprovalPage(approveUrl, 'Approve');
    expect(pressed.status).toBe(302);
    const location = new URL(pressed.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://app.example.test/subscription/return');
    expect(location.searchParams.get('from')).toBe('paypal');
    expect(location.searchParams.get('subscription_id')).toBe(id);
    expect(location.searchParams.get('ba_token')).toBe(baToken);
    expect(location.searchParams.get('token')).toMatch(/^[A-Z0-9]{17}$/);

    const subscription = await getSubscription(id);
    expect(subscription).toMatchObject({
      status: 'ACTIVE',
      status_update_time: '2025-01-31T10:00:00Z',
      subscriber: { name: { given_name: 'Ada', surname: 'Lovelace' }, email_address: 'ada@example.test', payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/) },
      billing_info: {
        outstanding_balance: { currency_code: 'USD', value: '0.00' },
        cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: 1, cycles_remaining: 0, total_cycles: 0 }],
        last_payment: { amount: { currency_code: 'USD', value: '35.00' }, time: '2025-01-31T10:00:00Z' },
        next_billing_time: '2025-02-28T10:00:00Z',
        failed_payments_count: 0,
      },
    });
    expect(subscription.links.map((l: { rel: string }) => l.rel)).toEqual(expect.arrayContaining(['cancel', 'suspend', 'self']));

    const page = await (await fetch(approveUrl)).text();
    expect(page).not.toContain('>Approve</button>');
  });

  it('Cancel leaves the subscription pending and sends the buyer to cancel_url with a token', async () => {
    const { id, approveUrl } = await harness.createSubscription(plans.monthlyPlanId);
    const pressed = await harness.pressOnApprovalPage(approveUrl, 'Cancel');
    expect(pressed.status).toBe(302);
    const location = new URL(pressed.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CANCEL_URL);
    expect(location.searchParams.get('token')).toMatch(/^[A-Z0-9]{17}$/);
    expect((await getSubscription(id)).status).toBe('APPROVAL_PENDING');
  });

  it('lists approved subscriptions on the automatic-payments page buyers are sent to', async () => {
    const { approveUrl } = await harness.createSubscription(plans.monthlyPlanId);
    await harness.pressOnApprovalPage(approveUrl, 'Approve');
    const page = await fetch(`${harness.baseUrl}/myaccount/autopay/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Automatic payments</h1>');
    expect(html).toContain('$35.00 USD every month');
    expect(html).toContain('ACTIVE');
  });

  it('answers 404 for an unknown approval token', async () => {
    expect((await fetch(`${harness.baseUrl}/webapps/billing/subscriptions?ba_token=BA-NOPE`)).status).toBe(404);
  });

  it('with user_action CONTINUE leaves the subscription APPROVED until the merchant activates it', async () => {
    const { id, approveUrl } = await harness.createSubscription(plans.monthlyPlanId, {
      application_context: { user_action: 'CONTINUE', return_url: RETURN_URL, cancel_url: CANCEL_URL },
    });
    await harness.pressOnApprovalPage(approveUrl, 'Approve');
    expect((await getSubscription(id)).status).toBe('APPROVED');
    expect((await action(id, 'activate', undefined)).status).toBe(204);
    const active = await getSubscription(id);
    expect(active.status).toBe('ACTIVE');
    expect(active.billing_info.last_payment.amount.value).toBe('35.00');
  });
});

describe('subscription actions and their state rules', () => {
  it('suspend needs ACTIVE; activate needs SUSPENDED; wrong states get 422 SUBSCRIPTION_STATUS_INVALID', async () => {
    const pending = (await harness.createSubscription(plans.monthlyPlanId)).id;
    for (const name of ['suspend', 'activate', 'cancel']) {
      const response = await action(pending, name);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
    }

    const id = await activeSubscription();
    expect((await action(id, 'activate')).body.details[0].description).toBe(
      'Invalid subscription status for activate action; subscription status should be suspended.',
    );
    expect((await action(id, 'suspend', { reason: 'Cancel at period end' })).status).toBe(204);
    const suspended = await getSubscription(id);
    expect(suspended).toMatchObject({ status: 'SUSPENDED', status_change_note: 'Cancel at period end' });
    expect(suspended.billing_info.next_billing_time).toBeUndefined();
    expect(suspended.billing_info.last_payment.amount.value).toBe('35.00');
    expect((await action(id, 'suspend')).status).toBe(422);

    expect((await action(id, 'activate', { reason: 'Changed my mind' })).status).toBe(204);
    const reactivated = await getSubscription(id);
    expect(reactivated.status).toBe('ACTIVE');
    expect(reactivated.billing_info.next_billing_time).toBe('2025-02-28T10:00:00Z');
  });

  it('after a suspension past the period end, billing resumes at the next due date', async () => {
    const id = await activeSubscription();
    await action(id, 'suspend');
    setSimulatedTime('2025-03-05T00:00:00Z');
    await action(id, 'activate');
    expect((await getSubscription(id)).billing_info.next_billing_time).toBe('2025-03-31T10:00:00Z');
  });

  it('cancel is immediate and final, from ACTIVE or SUSPENDED, and keeps billing_info without next_billing_time', async () => {
    const fromActive = await activeSubscription();
    const before = await getSubscription(fromActive);
    expect((await action(fromActive, 'cancel', { reason: 'Not needed' })).status).toBe(204);
    const cancelled = await getSubscription(fromActive);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', status_change_note: 'Not needed' });
    // PayPal keeps the billing history of a cancelled subscription; only the next charge is gone.
    const { next_billing_time: _next, ...history } = before.billing_info;
    expect(cancelled.billing_info).toEqual(history);
    expect(cancelled.billing_info.last_payment.amount.value).toBe('35.00');
    for (const name of ['activate', 'suspend', 'cancel']) expect((await action(fromActive, name)).status).toBe(422);

    const fromSuspended = await activeSubscription();
    await action(fromSuspended, 'suspend');
    expect((await action(fromSuspended, 'cancel')).status).toBe(204);
    expect((await getSubscription(fromSuspended)).status).toBe('CANCELLED');
  });

  it('cancel and suspend require a reason; a repeated request id is answered 204 again without a 422', async () => {
    const id = await activeSubscription();
    const missing = await action(id, 'cancel', {});
    expect(missing.status).toBe(400);
    expect(missing.body.details[0]).toMatchObject({ field: '/reason', issue: 'MISSING_REQUIRED_PARAMETER' });
    const headers = { 'paypal-request-id': `cancel-${id}` };
    expect((await harness.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'x' }, headers)).status).toBe(204);
    expect((await harness.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'x' }, headers)).status).toBe(204);
    expect((await harness.api('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'x' })).status).toBe(422);
  });

  it('answers 404 for an unknown subscription', async () => {
    expect((await harness.api('GET', '/v1/billing/subscriptions/I-000000000000')).status).toBe(404);
    expect((await action('I-000000000000', 'cancel')).status).toBe(404);
  });
});

describe('revising the plan', () => {
  it('returns an approve link; the buyer approving it switches the plan', async () => {
    const id = await activeSubscription();
    const revised = await action(id, 'revise', { plan_id: plans.yearlyPlanId });
    expect(revised.status).toBe(200);
    expect(revised.body.plan_id).toBe(plans.yearlyPlanId);
    const approve = revised.body.links.find((l: { rel: string }) => l.rel === 'approve');
    expect((await getSubscription(id)).plan_id).toBe(plans.monthlyPlanId);

    const page = await (await fetch(approve.href)).text();
    expect(page).toContain('Approve plan change');
    expect(page).toContain('$365.00 USD every year');
    const pressed = await harness.pressOnApprovalPage(approve.href, 'Approve');
    expect(new URL(pressed.location ?? '').searchParams.get('subscription_id')).toBe(id);
    expect((await getSubscription(id)).plan_id).toBe(plans.yearlyPlanId);
  });

  it('refuses a plan of another product, and a subscription that is not active', async () => {
    const id = await activeSubscription();
    const otherProduct = await harness.createCatalog();
    const incompatible = await action(id, 'revise', { plan_id: otherProduct.yearlyPlanId });
    expect(incompatible.status).toBe(422);
    expect(incompatible.body.details[0].issue).toBe('PLAN_PRODUCT_NOT_COMPATIBLE');
    await action(id, 'cancel');
    expect((await action(id, 'revise', { plan_id: plans.yearlyPlanId })).body.details[0].issue).toBe('SUBSCRIPTION_STATUS_INVALID');
  });
});

describe('transactions', () => {
  it('lists payments in the time range with gross, fee and net', async () => {
    const id = await activeSubscription();
    setSimulatedTime('2025-02-28T10:00:00Z');
    await harness.control('POST', `/_control/subscriptions/${id}/renew`);

    const all = await harness.api('GET', `/v1/billing/subscriptions/${id}/transactions?start_time=2025-01-01T00:00:00Z&end_time=2025-12-31T00:00:00Z`);
    expect(all.status).toBe(200);
    expect(all.body.total_items).toBe(2);
    expect(all.body.transactions[0]).toEqual({
      status: 'COMPLETED',
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      amount_with_breakdown: {
        gross_amount: { currency_code: 'USD', value: '35.00' },
        fee_amount: { currency_code: 'USD', value: '1.71' },
        net_amount: { currency_code: 'USD', value: '33.29' },
      },
      payer_name: { given_name: 'Ada', surname: 'Lovelace' },
      payer_email: 'ada@example.test',
      time: '2025-01-31T10:00:00Z',
    });
    expect(all.body.transactions[1].time).toBe('2025-02-28T10:00:00Z');

    const february = await harness.api('GET', `/v1/billing/subscriptions/${id}/transactions?start_time=2025-02-01T00:00:00Z&end_time=2025-03-01T00:00:00Z`);
    expect(february.body.transactions.map((t: { time: string }) => t.time)).toEqual(['2025-02-28T10:00:00Z']);
  });

  it('requires start_time and end_time in RFC 3339', async () => {
    const id = await activeSubscription();
    const response = await harness.api('GET', `/v1/billing/subscriptions/${id}/transactions?start_time=yesterday`);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'start_time', location: 'query' }),
        expect.objectContaining({ field: 'end_time', issue: 'MISSING_REQUIRED_PARAMETER' }),
      ]),
    );
  });
});
