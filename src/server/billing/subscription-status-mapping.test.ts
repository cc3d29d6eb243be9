import { describe, expect, it } from 'vitest';
import type { PayPalSubscription } from '../integrations/paypal/index.js';
import { mapPayPalSubscription } from './subscription-status-mapping.js';

const now = new Date('2025-06-10T12:00:00Z');

function subscription(overrides: Partial<PayPalSubscription>): PayPalSubscription {
  return { id: 'I-ABC', status: 'ACTIVE', plan_id: 'P-1', custom_id: 'tenant', create_time: '2025-06-10T11:00:00Z', ...overrides };
}

const activeBilling = {
  next_billing_time: '2025-07-01T10:00:00Z',
  last_payment: { time: '2025-06-01T10:00:00Z', amount: { currency_code: 'USD', value: '35.00' } },
  failed_payments_count: 0,
  outstanding_balance: { currency_code: 'USD', value: '0.00' },
};

describe('mapPayPalSubscription', () => {
  it('maps a fresh approval to incomplete and a three-hour-old one to incomplete_expired', () => {
    expect(mapPayPalSubscription(subscription({ status: 'APPROVAL_PENDING' }), 'monthly', null, now).status).toBe('incomplete');
    const stale = subscription({ status: 'APPROVAL_PENDING', create_time: '2025-06-10T09:00:00Z' });
    expect(mapPayPalSubscription(stale, 'monthly', null, now).status).toBe('incomplete_expired');
    expect(mapPayPalSubscription(subscription({ status: 'APPROVED' }), 'monthly', null, now).status).toBe('incomplete');
  });

  it('maps ACTIVE to active with the next billing time as period end', () => {
    const mapped = mapPayPalSubscription(subscription({ billing_info: activeBilling }), 'monthly', null, now);
    expect(mapped).toEqual({
      status: 'active',
      paypalStatus: 'ACTIVE',
      currentPeriodEnd: new Date('2025-07-01T10:00:00Z'),
      cancelAtPeriodEnd: false,
      trialEnd: null,
      hardCancelDue: false,
    });
  });

  it('maps ACTIVE with a failed payment still owed to past_due, and a settled one back to active', () => {
    const owing = { ...activeBilling, failed_payments_count: 1, outstanding_balance: { currency_code: 'USD', value: '35.00' } };
    expect(mapPayPalSubscription(subscription({ billing_info: owing }), 'monthly', null, now).status).toBe('past_due');
    const settled = { ...owing, outstanding_balance: { currency_code: 'USD', value: '0.00' } };
    expect(mapPayPalSubscription(subscription({ billing_info: settled }), 'monthly', null, now).status).toBe('active');
  });

  it('maps an ACTIVE subscription in a trial cycle to trialing with the trial end', () => {
    const trial = {
      next_billing_time: '2025-06-20T00:00:00Z',
      cycle_executions: [
        { tenure_type: 'TRIAL', cycles_completed: 0, cycles_remaining: 1, total_cycles: 1 },
        { tenure_type: 'REGULAR', cycles_completed: 0, cycles_remaining: 0, total_cycles: 0 },
      ],
    };
    const mapped = mapPayPalSubscription(subscription({ billing_info: trial }), 'monthly', null, now);
    expect(mapped.status).toBe('trialing');
    expect(mapped.trialEnd).toEqual(new Date('2025-06-20T00:00:00Z'));
  });

  it('keeps a subscription we suspended for cancel-at-period-end active until the stored period end', () => {
    const suspended = subscription({ status: 'SUSPENDED', billing_info: { last_payment: activeBilling.last_payment, failed_payments_count: 0 } });
    const stored = { cancelAtPeriodEnd: true, currentPeriodEnd: new Date('2025-07-01T10:00:00Z') };
    const before = mapPayPalSubscription(suspended, 'monthly', stored, now);
    expect(before).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, hardCancelDue: false, currentPeriodEnd: stored.currentPeriodEnd });
    const after = mapPayPalSubscription(suspended, 'monthly', stored, new Date('2025-07-01T10:00:00Z'));
    expect(after).toMatchObject({ status: 'canceled', hardCancelDue: true });
  });

  it('maps a suspension we did not ask for (failed payments) to past_due', () => {
    const suspended = subscription({ status: 'SUSPENDED', billing_info: { last_payment: activeBilling.last_payment, failed_payments_count: 3 } });
    const mapped = mapPayPalSubscription(suspended, 'monthly', { cancelAtPeriodEnd: false, currentPeriodEnd: null }, now);
    expect(mapped.status).toBe('past_due');
    // No next_billing_time once suspended: the last payment plus one month stands in.
    expect(mapped.currentPeriodEnd).toEqual(new Date('2025-07-01T10:00:00Z'));
  });

  it.each(['CANCELLED', 'EXPIRED'] as const)('maps %s to canceled and keeps the stored period end', (status) => {
    const stored = { cancelAtPeriodEnd: true, currentPeriodEnd: new Date('2025-07-01T10:00:00Z') };
    const mapped = mapPayPalSubscription(subscription({ status }), 'yearly', stored, now);
    expect(mapped).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false, hardCancelDue: false, currentPeriodEnd: stored.currentPeriodEnd });
  });
});
