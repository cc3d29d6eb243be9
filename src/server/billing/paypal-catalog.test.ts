import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayPalSimulator, DEMO_PAYPAL_CREDENTIALS, type PayPalSimulator } from '../../simulators/paypal/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { paypalCatalog } from '../db/schema/index.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { PayPalCatalog } from './paypal-catalog.js';
import { PayPalClient } from '../integrations/paypal/index.js';

let database: DatabaseHandle;
let simulator: PayPalSimulator;
let apiUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = createPayPalSimulator(DEMO_PAYPAL_CREDENTIALS);
  apiUrl = await simulator.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await simulator?.close();
  await database?.close();
});

const client = (url = apiUrl) =>
  new PayPalClient({ apiUrl: url, clientId: DEMO_PAYPAL_CREDENTIALS.clientId, clientSecret: DEMO_PAYPAL_CREDENTIALS.clientSecret, retries: 0 });
const unconfigured = { productId: undefined, monthlyPlanId: undefined, yearlyPlanId: undefined };

describe('PayPalCatalog', () => {
  it('creates the product and both plans once, even for two instances starting together', async () => {
    const [first, second] = await Promise.all([
      new PayPalCatalog(database.db, client(), unconfigured).ensure(),
      new PayPalCatalog(database.db, client(), unconfigured).ensure(),
    ]);
    expect(second).toEqual(first);
    expect(simulator.state.products.size).toBe(1);
    expect([...simulator.state.plans.keys()].sort()).toEqual([first.planIds.monthly, first.planIds.yearly].sort());
    const later = new PayPalCatalog(database.db, client(), unconfigured);
    expect(await later.planOf(first.planIds.yearly)).toBe('yearly');
    expect(await later.planOf('P-SOMEONEELSE')).toBeNull();
  });

  it('creates them again when PayPal no longer knows the stored plans (a restarted demo simulator)', async () => {
    const fresh = createPayPalSimulator(DEMO_PAYPAL_CREDENTIALS);
    const freshUrl = await fresh.listen(0, '127.0.0.1');
    try {
      const ids = await new PayPalCatalog(database.db, client(freshUrl), unconfigured).ensure();
      expect(fresh.state.plans.has(ids.planIds.monthly)).toBe(true);
      const rows = await database.db.select().from(paypalCatalog);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.monthlyPlanId).toBe(ids.planIds.monthly);
    } finally {
      await fresh.close();
    }
  });

  it('uses configured plan ids without asking PayPal, and refuses only one of them', async () => {
    const offline = client('http://127.0.0.1:1');
    const configured = new PayPalCatalog(database.db, offline, { productId: undefined, monthlyPlanId: 'P-MONTH', yearlyPlanId: 'P-YEAR' });
    expect(await configured.ensure()).toEqual({ productId: null, planIds: { monthly: 'P-MONTH', yearly: 'P-YEAR' } });
    const half = new PayPalCatalog(database.db, offline, { productId: undefined, monthlyPlanId: 'P-MONTH', yearlyPlanId: undefined });
    await expect(half.ensure()).rejects.toThrow('Set both PAYPAL_MONTHLY_PLAN_ID and PAYPAL_YEARLY_PLAN_ID');
  });
});
