import type { PlanId } from '../../shared/domain/plans.js';
import type { SubscriptionStatus } from '../../shared/domain/subscription-status.js';
import { periodEndAfter } from './billing-period.js';
import type { PayPalSubscription, PayPalSubscriptionStatus } from '../integrations/paypal/index.js';

/** An approval link the buyer has not used for this long counts as abandoned. */
const APPROVAL_EXPIRY_MS = 3 * 3_600_000;

/** What we stored at the last sync of the same PayPal subscription. */
export interface StoredSubscription {
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export interface MappedSubscription {
  status: SubscriptionStatus;
  paypalStatus: PayPalSubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  /** Cancelled at period end and the period is over: PayPal must now cancel it for good. */
  hardCancelDue: boolean;
}

/**
 * PayPal's subscription status -> the app's (docs/domain.md §PayPal subscriptions):
 * - APPROVAL_PENDING -> `incomplete`, or `incomplete_expired` once the approval is 3 hours old;
 *   APPROVED (approved, not yet activated) -> `incomplete`.
 * - ACTIVE -> `active`; `past_due` while a failed payment is outstanding; `trialing` while a
 *   trial billing cycle runs (our plans have none, but a configured plan may).
 * - SUSPENDED by us for cancel-at-period-end -> still `active` (with cancelAtPeriodEnd) until the
 *   stored period end, then `canceled` and due for the final cancel; SUSPENDED otherwise (the
 *   failed-payment threshold, or the merchant in PayPal's dashboard) -> `past_due`.
 * - CANCELLED / EXPIRED -> `canceled`.
 *
 * PayPal drops `next_billing_time` once a subscription is suspended or cancelled, so the period
 * end falls back to what was stored, then to the last payment plus one plan interval.
 */
export function mapPayPalSubscription(subscription: PayPalSubscription, plan: PlanId | null, stored: StoredSubscription | null, now: Date): MappedSubscription {
  const billing = subscription.billing_info;
  const nextBilling = billing?.next_billing_time ? new Date(billing.next_billing_time) : null;
  const lastPayment = billing?.last_payment ? new Date(billing.last_payment.time) : null;
  const currentPeriodEnd = nextBilling ?? stored?.currentPeriodEnd ?? (lastPayment && plan ? periodEndAfter(lastPayment, plan) : null);
  const base = { paypalStatus: subscription.status, currentPeriodEnd, cancelAtPeriodEnd: false, trialEnd: null, hardCancelDue: false };

  switch (subscription.status) {
    case 'APPROVAL_PENDING': {
      const created = subscription.create_time ? new Date(subscription.create_time).getTime() : now.getTime();
      return { ...base, status: now.getTime() - created >= APPROVAL_EXPIRY_MS ? 'incomplete_expired' : 'incomplete' };
    }
    case 'APPROVED':
      return { ...base, status: 'incomplete' };
    case 'ACTIVE': {
      if (isInTrial(subscription)) return { ...base, status: 'trialing', trialEnd: nextBilling };
      const owed = Number(billing?.outstanding_balance?.value ?? '0');
      return { ...base, status: (billing?.failed_payments_count ?? 0) > 0 && owed > 0 ? 'past_due' : 'active' };
    }
    case 'SUSPENDED': {
      if (!stored?.cancelAtPeriodEnd) return { ...base, status: 'past_due' };
      const paidUp = currentPeriodEnd !== null && now.getTime() < currentPeriodEnd.getTime();
      return paidUp ? { ...base, status: 'active', cancelAtPeriodEnd: true } : { ...base, status: 'canceled', cancelAtPeriodEnd: true, hardCancelDue: true };
    }
    case 'CANCELLED':
    case 'EXPIRED':
      return { ...base, status: 'canceled' };
  }
}

/** A TRIAL billing cycle with cycles still to run. */
function isInTrial(subscription: PayPalSubscription): boolean {
  const executions = subscription.billing_info?.cycle_executions ?? [];
  return executions.some((cycle) => cycle.tenure_type === 'TRIAL' && (cycle.cycles_remaining ?? 0) > 0);
}
