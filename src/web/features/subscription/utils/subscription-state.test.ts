import { describe, expect, it } from 'vitest';
import { buildSubscriptionStatus } from '../test-support/subscription-factories';
import { accessEndDate, buyerDetails, subscriptionDateLine, toSubscriptionStatus } from './subscription-state';

describe('subscriptionDateLine', () => {
  const now = new Date('2025-03-25T00:00:00Z');
  it('shows when an active subscription renews', () => {
    const state = buildSubscriptionStatus({ status: 'active', currentPeriodEnd: '2025-04-01T10:00:00Z' });
    expect(subscriptionDateLine(state, 'subscription', now)).toEqual({ label: 'Renews on', date: '4/1/2025' });
    expect(subscriptionDateLine(state, 'account', now)).toEqual({ label: 'Renews on', date: '4/1/2025' });
  });

  it('shows when access ended for a cancelled subscription, preferring the stored end', () => {
    const state = buildSubscriptionStatus({
      status: 'canceled',
      currentPeriodEnd: '2025-04-01T00:00:00Z',
      subscriptionEndsAt: '2025-03-20T00:00:00Z',
    });
    expect(subscriptionDateLine(state, 'subscription', now)).toEqual({ label: 'Access ended', date: '3/20/2025' });
    expect(subscriptionDateLine(state, 'account', now)).toEqual({ label: 'Access ended', date: '3/20/2025' });
  });

  it('promises no future access for a subscription cancelled before its period ended', () => {
    const state = buildSubscriptionStatus({ status: 'canceled', currentPeriodEnd: '2027-11-23T00:00:00Z', subscriptionEndsAt: '2027-11-23T00:00:00Z' });
    expect(subscriptionDateLine(state, 'subscription', now)).toBeNull();
    expect(subscriptionDateLine(state, 'account', now)).toBeNull();
  });

  it('does not say "Renews on" for an active subscription set to cancel', () => {
    const state = buildSubscriptionStatus({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: '2025-04-01T00:00:00Z' });
    expect(subscriptionDateLine(state, 'subscription', now)).toEqual({ label: 'Access ends', date: '4/1/2025' });
  });

  it("labels a trial's end 'Trial Ends' on the account page and 'Next billing' on /subscription", () => {
    const state = buildSubscriptionStatus({ status: 'trialing', trialEnd: '2025-02-14T00:00:00Z', currentPeriodEnd: null });
    expect(subscriptionDateLine(state, 'account', now)).toEqual({ label: 'Trial Ends', date: '2/14/2025' });
    expect(subscriptionDateLine(state, 'subscription', now)).toEqual({ label: 'Next billing', date: '2/14/2025' });
  });

  it.each(['past_due', 'incomplete'] as const)("labels the period end of %s 'Next billing'", (status) => {
    const state = buildSubscriptionStatus({ status, currentPeriodEnd: '2025-12-31T23:00:00Z' });
    expect(subscriptionDateLine(state, 'subscription', now)).toEqual({ label: 'Next billing', date: '12/31/2025' });
  });

  it('gives no line when there is no date', () => {
    expect(subscriptionDateLine(buildSubscriptionStatus({ status: 'none', plan: null, currentPeriodEnd: null }), 'subscription', now)).toBeNull();
  });
});

describe('accessEndDate', () => {
  it('falls back to the end of the paid period', () => {
    expect(accessEndDate(buildSubscriptionStatus({ subscriptionEndsAt: null, currentPeriodEnd: '2025-04-01T00:00:00Z' }))).toBe('2025-04-01T00:00:00Z');
  });
});

describe('toSubscriptionStatus', () => {
  it('keeps only the status fields of a change answer', () => {
    const state = buildSubscriptionStatus();
    expect(toSubscriptionStatus({ ...state, message: 'Subscription Reactivated' } as typeof state)).toEqual(state);
  });
});

describe('buyerDetails', () => {
  it('joins first and last name', () => {
    expect(buyerDetails({ email: 'ada@contoso.com', firstName: ' Ada ', lastName: 'Lovelace' })).toEqual({
      userEmail: 'ada@contoso.com',
      userName: 'Ada Lovelace',
    });
  });

  it('sends null for what is unknown', () => {
    expect(buyerDetails({ email: null, firstName: null, lastName: '' })).toEqual({ userEmail: null, userName: null });
    expect(buyerDetails({ email: '', firstName: null, lastName: 'King' })).toEqual({ userEmail: null, userName: 'King' });
  });
});
