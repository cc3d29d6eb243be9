import { describe, expect, it } from 'vitest';
import {
  accountSubscriptionDateLabel,
  blocksNewPurchase,
  normalizeSubscriptionStatus,
  requiresSubscription,
  showsAlreadyPaidCard,
  showsPlanCards,
  subscriptionDateLabel,
  subscriptionHeading,
  SUBSCRIPTION_STATUSES,
} from './subscription-status.js';

describe('normalizeSubscriptionStatus', () => {
  it('accepts both spellings of the original API', () => {
    expect(normalizeSubscriptionStatus('cancelled')).toBe('canceled');
    expect(normalizeSubscriptionStatus('trial')).toBe('trialing');
    expect(normalizeSubscriptionStatus(' Active ')).toBe('active');
    for (const status of SUBSCRIPTION_STATUSES) expect(normalizeSubscriptionStatus(status)).toBe(status);
  });

  it('treats missing and unknown statuses as none', () => {
    expect(normalizeSubscriptionStatus(null)).toBe('none');
    expect(normalizeSubscriptionStatus(undefined)).toBe('none');
    expect(normalizeSubscriptionStatus('')).toBe('none');
    expect(normalizeSubscriptionStatus('APPROVAL_PENDING')).toBe('none');
  });
});

describe('headings and labels', () => {
  it.each([
    ['active', 'Active Subscription', 'Renews on'],
    ['past_due', 'Payment Past Due', 'Next billing'],
    ['canceled', 'Canceled', 'Access ended'],
    ['cancelled', 'Canceled', 'Access ended'],
    ['incomplete', 'Payment Required', 'Next billing'],
    ['incomplete_expired', 'Payment Required (Expired)', 'Next billing'],
    ['trialing', 'Trial Period', 'Next billing'],
    ['trial', 'Trial Period', 'Next billing'],
    ['none', 'No Subscription', 'Next billing'],
    [null, 'No Subscription', 'Next billing'],
  ] as const)('%s: %s / %s', (status, heading, dateLabel) => {
    expect(subscriptionHeading(status)).toBe(heading);
    expect(subscriptionDateLabel(status)).toBe(dateLabel);
  });

  it("labels a trial's date 'Trial Ends' on the account page", () => {
    expect(accountSubscriptionDateLabel('trialing')).toBe('Trial Ends');
    expect(accountSubscriptionDateLabel('trial')).toBe('Trial Ends');
    expect(accountSubscriptionDateLabel('active')).toBe('Renews on');
    expect(accountSubscriptionDateLabel('canceled')).toBe('Access ended');
  });
});

describe('what the subscription pages show', () => {
  // status, redirect from dashboard, plan cards, 'Already Paid' card (docs/product.md §Screens and routes)
  it.each([
    ['active', false, false, false],
    ['past_due', true, false, true],
    ['canceled', true, true, true],
    ['incomplete', true, true, true],
    ['incomplete_expired', true, true, false],
    ['trialing', true, true, false],
    ['none', true, true, true],
    [null, true, true, true],
    [undefined, true, true, true],
    ['cancelled', true, true, true],
  ] as const)('%s: redirect %s, plan cards %s, already paid %s', (status, redirect, planCards, alreadyPaid) => {
    expect(requiresSubscription(status)).toBe(redirect);
    expect(showsPlanCards(status)).toBe(planCards);
    expect(showsAlreadyPaidCard(status)).toBe(alreadyPaid);
  });
});

describe('blocksNewPurchase', () => {
  it.each([
    ['active', true],
    ['past_due', true],
    ['canceled', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['trialing', false],
    ['none', false],
  ] as const)('%s: %s', (status, blocked) => {
    expect(blocksNewPurchase(status)).toBe(blocked);
  });
});
