import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planBody, readJson, startPayPalTestHarness, type PayPalTestHarness } from './test-support/paypal-test-harness.js';

let harness: PayPalTestHarness;
beforeAll(async () => {
  harness = await startPayPalTestHarness();
});
afterAll(() => harness.close());

describe('catalog products', () => {
  it('creates a product with a PROD- id, minimal by default and full on Prefer: return=representation', async () => {
    const minimal = await harness.api('POST', '/v1/catalogs/products', { name: 'Passwatch', type: 'SERVICE', description: 'Reminders' });
    expect(minimal.status).toBe(201);
    expect(minimal.body.id).toMatch(/^PROD-[A-Z0-9]{17}$/);
    expect(minimal.body).toMatchObject({ name: 'Passwatch', description: 'Reminders' });
    expect(minimal.body.type).toBeUndefined();

    const full = await harness.api('POST', '/v1/catalogs/products', { name: 'Other', type: 'DIGITAL' }, { prefer: 'return=representation' });
    expect(full.body).toMatchObject({ name: 'Other', type: 'DIGITAL' });

    const read = await harness.api('GET', `/v1/catalogs/products/${minimal.body.id}`);
    expect(read.body).toMatchObject({ id: minimal.body.id, type: 'SERVICE', create_time: expect.stringMatching(/Z$/) });
    const listed = await harness.api('GET', '/v1/catalogs/products?total_required=true');
    expect(listed.body.products.map((p: { id: string }) => p.id)).toContain(minimal.body.id);
    expect(listed.body.total_items).toBeGreaterThanOrEqual(2);
  });

  it('keeps a merchant-chosen id and refuses it twice', async () => {
    const first = await harness.api('POST', '/v1/catalogs/products', { id: 'PASSWATCH-1', name: 'Passwatch', type: 'SERVICE' });
    expect(first.body.id).toBe('PASSWATCH-1');
    const second = await harness.api('POST', '/v1/catalogs/products', { id: 'PASSWATCH-1', name: 'Passwatch', type: 'SERVICE' });
    expect(second.status).toBe(422);
    expect(second.body.details[0].issue).toBe('DUPLICATE_RESOURCE_IDENTIFIER');
  });

  it('answers 400 INVALID_REQUEST with field details for a bad body, and for broken JSON', async () => {
    const response = await harness.api('POST', '/v1/catalogs/products', { type: 'GADGET' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'INVALID_REQUEST', debug_id: expect.any(String) });
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: '/name', issue: 'MISSING_REQUIRED_PARAMETER', location: 'body' }),
        expect.objectContaining({ field: '/type', issue: 'INVALID_PARAMETER_VALUE', value: 'GADGET' }),
      ]),
    );
    const broken = await fetch(`${harness.baseUrl}/v1/catalogs/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await harness.accessToken()}`, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(broken.status).toBe(400);
    expect((await readJson(broken)).details[0].issue).toBe('MALFORMED_REQUEST_JSON');
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown product', async () => {
    const response = await harness.api('GET', '/v1/catalogs/products/PROD-UNKNOWN');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  });
});

describe('billing plans', () => {
  it('creates Monthly and Yearly plans with P- ids and lists them by product', async () => {
    const { productId, monthlyPlanId, yearlyPlanId } = await harness.createCatalog();
    expect(monthlyPlanId).toMatch(/^P-[A-Z0-9]{24}$/);
    const other = await harness.createCatalog();

    const monthly = await harness.api('GET', `/v1/billing/plans/${monthlyPlanId}`);
    expect(monthly.body).toMatchObject({
      product_id: productId,
      name: 'Monthly',
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: '35.00', currency_code: 'USD' } },
        },
      ],
      payment_preferences: { payment_failure_threshold: 3, auto_bill_outstanding: true },
    });

    const listed = await harness.api('GET', `/v1/billing/plans?product_id=${productId}&total_required=true`);
    expect(listed.body.plans.map((p: { id: string }) => p.id).sort()).toEqual([monthlyPlanId, yearlyPlanId].sort());
    expect(listed.body.total_items).toBe(2);
    expect(listed.body.plans.map((p: { id: string }) => p.id)).not.toContain(other.monthlyPlanId);

    const byIds = await harness.api('GET', `/v1/billing/plans?plan_ids=${yearlyPlanId},${other.yearlyPlanId}`);
    expect(byIds.body.plans.map((p: { name: string }) => p.name)).toEqual(['Yearly', 'Yearly']);
  });

  it('pages plan lists with page_size and page', async () => {
    const { productId } = await harness.createCatalog();
    for (const name of ['A', 'B', 'C']) await harness.api('POST', '/v1/billing/plans', planBody(productId, name, '1.00', 'MONTH'));
    const first = await harness.api('GET', `/v1/billing/plans?product_id=${productId}&page_size=2&page=1`);
    const third = await harness.api('GET', `/v1/billing/plans?product_id=${productId}&page_size=2&page=3`);
    expect(first.body.plans.map((p: { name: string }) => p.name)).toEqual(['Monthly', 'Yearly']);
    expect(first.body.links.map((l: { rel: string }) => l.rel)).toContain('next');
    expect(third.body.plans.map((p: { name: string }) => p.name)).toEqual(['C']);
    const tooBig = await harness.api('GET', `/v1/billing/plans?page_size=21`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details[0]).toMatchObject({ field: 'page_size', location: 'query', issue: 'INVALID_INTEGER_MAX_VALUE' });
  });

  it('rejects a plan for an unknown product, a missing payment_preferences, and trial cycles', async () => {
    const { productId } = await harness.createCatalog();
    expect((await harness.api('POST', '/v1/billing/plans', planBody('PROD-NOPE00000000000000', 'X', '1', 'MONTH'))).status).toBe(404);
    const noPreferences = await harness.api('POST', '/v1/billing/plans', { ...planBody(productId, 'X', '1', 'MONTH'), payment_preferences: undefined });
    expect(noPreferences.status).toBe(400);
    expect(noPreferences.body.details[0]).toMatchObject({ field: '/payment_preferences', issue: 'MISSING_REQUIRED_PARAMETER' });
    const base = planBody(productId, 'Trial', '35.00', 'MONTH');
    const withTrial = await harness.api('POST', '/v1/billing/plans', {
      ...base,
      billing_cycles: [
        { ...base.billing_cycles[0], tenure_type: 'TRIAL', sequence: 1, total_cycles: 1 },
        { ...base.billing_cycles[0], sequence: 2 },
      ],
    });
    expect(withTrial.status).toBe(400);
    expect(withTrial.body.details[0].field).toBe('/billing_cycles');
    const badPrice = await harness.api('POST', '/v1/billing/plans', planBody(productId, 'X', '35.001', 'MONTH'));
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.details[0].field).toBe('/billing_cycles/0/pricing_scheme/fixed_price/value');
  });

  it('deactivates and reactivates a plan; subscriptions need an ACTIVE plan', async () => {
    const { monthlyPlanId } = await harness.createCatalog();
    expect((await harness.api('POST', `/v1/billing/plans/${monthlyPlanId}/deactivate`)).status).toBe(204);
    expect((await harness.api('GET', `/v1/billing/plans/${monthlyPlanId}`)).body.status).toBe('INACTIVE');
    const refused = await harness.api('POST', '/v1/billing/subscriptions', { plan_id: monthlyPlanId });
    expect(refused.status).toBe(422);
    expect(refused.body.details[0].issue).toBe('PLAN_STATUS_INVALID');
    const again = await harness.api('POST', `/v1/billing/plans/${monthlyPlanId}/deactivate`);
    expect(again.status).toBe(422);
    expect((await harness.api('POST', `/v1/billing/plans/${monthlyPlanId}/activate`)).status).toBe(204);
    expect((await harness.api('POST', '/v1/billing/subscriptions', { plan_id: monthlyPlanId })).status).toBe(201);
  });
});
