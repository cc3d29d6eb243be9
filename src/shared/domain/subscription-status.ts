// Subscription status as the app shows it (docs/product.md §States).

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'none'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

// The original API spells two statuses two ways; everything else unknown counts as no subscription.
const STATUS_ALIASES: Readonly<Record<string, SubscriptionStatus>> = { cancelled: 'canceled', trial: 'trialing' };

/** 'cancelled' -> 'canceled', 'trial' -> 'trialing' (any case); missing or unknown -> 'none'. */
export function normalizeSubscriptionStatus(status: string | null | undefined): SubscriptionStatus {
  const lower = (status ?? '').trim().toLowerCase();
  const known = SUBSCRIPTION_STATUSES.find((candidate) => candidate === lower);
  return known ?? STATUS_ALIASES[lower] ?? 'none';
}

const HEADINGS: Readonly<Record<SubscriptionStatus, string>> = {
  active: 'Active Subscription',
  past_due: 'Payment Past Due',
  canceled: 'Canceled',
  incomplete: 'Payment Required',
  incomplete_expired: 'Payment Required (Expired)',
  trialing: 'Trial Period',
  none: 'No Subscription',
};

export function subscriptionHeading(status: string | null | undefined): string {
  return HEADINGS[normalizeSubscriptionStatus(status)];
}

/**
 * Label before the period date on /subscription: 'Renews on' (active), 'Access ended' (canceled:
 * a cancelled subscription gives no access, see requiresSubscription), else 'Next billing'.
 */
export function subscriptionDateLabel(status: string | null | undefined): string {
  const normalized = normalizeSubscriptionStatus(status);
  if (normalized === 'active') return 'Renews on';
  if (normalized === 'canceled') return 'Access ended';
  return 'Next billing';
}

/** An active subscription set to cancel keeps access until the period ends: it says when. */
export const CANCEL_SCHEDULED_DATE_LABEL = 'Access ends';

/** The account page's Subscription tab says 'Trial Ends' for a trial, otherwise as on /subscription. */
export function accountSubscriptionDateLabel(status: string | null | undefined): string {
  return normalizeSubscriptionStatus(status) === 'trialing' ? 'Trial Ends' : subscriptionDateLabel(status);
}

/** / and /dashboard send everyone without an active subscription to /subscription (trials included). */
export function requiresSubscription(status: string | null | undefined): boolean {
  return normalizeSubscriptionStatus(status) !== 'active';
}

// Not past_due: PayPal is still retrying that subscription's payment, so a second plan would bill
// twice; the way out is a working payment method (and the server refuses a second purchase).
const PLAN_CARD_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['none', 'incomplete', 'incomplete_expired', 'canceled', 'trialing']);
const ALREADY_PAID_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['incomplete', 'none', 'past_due', 'canceled']);

/** Monthly and Yearly plan cards on /subscription. */
export function showsPlanCards(status: string | null | undefined): boolean {
  return PLAN_CARD_STATUSES.has(normalizeSubscriptionStatus(status));
}

/** The 'Already Paid' card ('View Account', 'Activate Subscription'). */
export function showsAlreadyPaidCard(status: string | null | undefined): boolean {
  return ALREADY_PAID_STATUSES.has(normalizeSubscriptionStatus(status));
}

/** Statuses with a subscription still billing at PayPal: buying another plan is refused. */
export function blocksNewPurchase(status: string | null | undefined): boolean {
  const normalized = normalizeSubscriptionStatus(status);
  return normalized === 'active' || normalized === 'past_due';
}
