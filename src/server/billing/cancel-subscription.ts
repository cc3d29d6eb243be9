import { eq } from 'drizzle-orm';
import { billingMessages, type SubscriptionChangeResponse } from '../../shared/api/billing.js';
import { billingSubscriptions } from '../db/schema/index.js';
import { badRequest } from '../http/app-error.js';
import type { BillingContext } from './billing-context.js';
import { decideUnderBillingLock, type Transaction } from './billing-lock.js';
import { readSubscriptionState } from './subscription-state.js';
import { syncSubscriptionLocked, type SyncOutcome } from './sync-subscription.js';

/**
 * Cancel at period end, which PayPal does not offer: the period end is stored first (PayPal drops
 * next_billing_time on suspension), then the subscription is suspended so billing stops while
 * access lasts until that date; the reconciliation job cancels it for good then.
 */
export async function cancelSubscription(ctx: BillingContext, tenantId: string): Promise<SubscriptionChangeResponse> {
  return decideUnderBillingLock(ctx.db, tenantId, async (tx) => {
    const { subscriptionId, outcome } = await refreshCurrent(ctx, tx, tenantId, billingMessages.nothingToCancel);
    if (outcome.mapped.cancelAtPeriodEnd) return badRequest(billingMessages.alreadyCancelling);
    if (outcome.mapped.status !== 'active' || outcome.mapped.currentPeriodEnd === null) return badRequest(billingMessages.nothingToCancel);
    // Flag first: the SUSPENDED webhook this causes must read as "cancelling", not "payment failed".
    await tx.update(billingSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(billingSubscriptions.tenantId, tenantId));
    await ctx.paypal.suspendSubscription(subscriptionId, 'Cancelled by the customer; access continues until the end of the paid period');
    await syncSubscriptionLocked(ctx, tx, tenantId, subscriptionId);
    const state = await readSubscriptionState(tx, tenantId, ctx.clock());
    return { ...state!, message: billingMessages.cancelScheduled };
  });
}

/** Undoes a cancel at period end before the period ends: PayPal resumes billing. */
export async function reactivateSubscription(ctx: BillingContext, tenantId: string): Promise<SubscriptionChangeResponse> {
  return decideUnderBillingLock(ctx.db, tenantId, async (tx) => {
    const { subscriptionId, outcome } = await refreshCurrent(ctx, tx, tenantId, billingMessages.nothingToReactivate);
    // Cancelled for good (the period ended): PayPal can never resume it.
    if (outcome.mapped.status === 'canceled') return badRequest(billingMessages.periodAlreadyEnded);
    if (!outcome.mapped.cancelAtPeriodEnd || outcome.mapped.status !== 'active') return badRequest(billingMessages.nothingToReactivate);
    await ctx.paypal.activateSubscription(subscriptionId, 'Reactivated by the customer before the end of the paid period');
    await tx.update(billingSubscriptions).set({ cancelAtPeriodEnd: false }).where(eq(billingSubscriptions.tenantId, tenantId));
    await syncSubscriptionLocked(ctx, tx, tenantId, subscriptionId);
    const state = await readSubscriptionState(tx, tenantId, ctx.clock());
    return { ...state!, message: billingMessages.reactivated };
  });
}

/** Re-reads the organization's current subscription from PayPal before acting on it. */
async function refreshCurrent(
  ctx: BillingContext,
  tx: Transaction,
  tenantId: string,
  messageWhenNone: string,
): Promise<{ subscriptionId: string; outcome: SyncOutcome }> {
  const [current] = await tx
    .select({ subscriptionId: billingSubscriptions.paypalSubscriptionId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.tenantId, tenantId));
  if (!current) throw badRequest(messageWhenNone);
  return { subscriptionId: current.subscriptionId, outcome: await syncSubscriptionLocked(ctx, tx, tenantId, current.subscriptionId) };
}
