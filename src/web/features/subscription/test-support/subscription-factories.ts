import type { SubscriptionStatusResponse } from '../../../../shared/api/billing';

export function buildSubscriptionStatus(overrides: Partial<SubscriptionStatusResponse> = {}): SubscriptionStatusResponse {
  return {
    status: 'active',
    plan: 'monthly',
    subscriptionEndsAt: null,
    trialEnd: null,
    currentPeriodEnd: '2025-04-01T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}
