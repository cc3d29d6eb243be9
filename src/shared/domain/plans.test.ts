import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyRecurringRevenue, PLAN_IDS, PLANS } from './plans.js';
import { PROPERTY_RUNS } from './test-support/arbitraries.js';

describe('PLANS', () => {
  it('sells Monthly at $35 a month and Yearly at $365 a year', () => {
    expect(PLAN_IDS.map((id) => [PLANS[id].id, PLANS[id].name, PLANS[id].priceUsd, PLANS[id].interval])).toEqual([
      ['monthly', 'Monthly', 35, 'month'],
      ['yearly', 'Yearly', 365, 'year'],
    ]);
  });

  it('states the yearly savings that the prices really give', () => {
    expect(PLANS.yearly.perMonthText).toBe('about $30 per month');
    expect(PLANS.yearly.savingsText).toBe('Save $55');
    expect(12 * PLANS.monthly.priceUsd - PLANS.yearly.priceUsd).toBe(55);
    expect(Math.round(PLANS.yearly.priceUsd / 12)).toBe(30);
  });

  it('lists the documented features, and priority support on Yearly only', () => {
    expect(PLANS.monthly.features).toEqual([
      'Password expiration monitoring',
      'Customizable email notifications',
      'Full Microsoft 365 integration',
      'Audit logs and reporting',
    ]);
    expect(PLANS.yearly.features).toEqual([...PLANS.monthly.features, 'Priority support']);
  });
});

describe('monthlyRecurringRevenue', () => {
  it('counts a yearly subscriber as 365/12, rounded to cents', () => {
    expect(monthlyRecurringRevenue({ monthly: 0, yearly: 0 })).toBe(0);
    expect(monthlyRecurringRevenue({ monthly: 2, yearly: 0 })).toBe(70);
    expect(monthlyRecurringRevenue({ monthly: 0, yearly: 1 })).toBe(30.42);
    expect(monthlyRecurringRevenue({ monthly: 3, yearly: 2 })).toBe(165.83);
    expect(monthlyRecurringRevenue({ monthly: 0, yearly: 12 })).toBe(365);
  });

  it('is within half a cent of the exact figure and has at most two decimals', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.nat({ max: 100_000 }), (monthly, yearly) => {
        const mrr = monthlyRecurringRevenue({ monthly, yearly });
        expect(Math.abs(mrr - (35 * monthly + (365 * yearly) / 12))).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.round(mrr * 100) / 100).toBe(mrr);
      }),
      PROPERTY_RUNS,
    );
  });
});
