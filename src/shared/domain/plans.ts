// The two plans sold (docs/product.md §Constants; PayPal plans in docs/domain.md §PayPal subscriptions) and the revenue they make.

export type PlanId = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number;
  interval: 'month' | 'year';
  features: readonly string[];
  perMonthText?: string;
  savingsText?: string;
}

const MONTHLY_FEATURES = [
  'Password expiration monitoring',
  'Customizable email notifications',
  'Full Microsoft 365 integration',
  'Audit logs and reporting',
] as const;

export const PLANS = {
  monthly: {
    id: 'monthly',
    name: 'Monthly',
    priceUsd: 35,
    interval: 'month',
    features: MONTHLY_FEATURES,
  },
  yearly: {
    id: 'yearly',
    name: 'Yearly',
    priceUsd: 365,
    interval: 'year',
    // 365 / 12 = 30.42; twelve monthly payments cost 420, so the year saves 55.
    perMonthText: 'about $30 per month',
    savingsText: 'Save $55',
    features: [...MONTHLY_FEATURES, 'Priority support'],
  },
} as const satisfies Record<PlanId, Plan>;

export const PLAN_IDS = ['monthly', 'yearly'] as const satisfies readonly PlanId[];

/** Monthly recurring revenue in USD, rounded to cents: a yearly subscriber counts as 365/12. */
export function monthlyRecurringRevenue(subscribers: { monthly: number; yearly: number }): number {
  const monthlyCents = subscribers.monthly * PLANS.monthly.priceUsd * 100;
  const yearlyCents = Math.round((subscribers.yearly * PLANS.yearly.priceUsd * 100) / 12);
  return (monthlyCents + yearlyCents) / 100;
}
