import { billingMessages, type SubscriptionChangeResponse } from '../../shared/api/billing.js';
import type { SubscriptionStatus } from '../../shared/domain/subscription-status.js';
import { badRequest, conflict } from '../http/app-error.js';
import { PayPalApiError } from '../integrations/paypal/index.js';
import type { BillingContext } from './billing-context.js';
import { decideUnderBillingLock } from './billing-lock.js';
import { readSubscriptionState } from './subscription-state.js';
import { syncSubscriptionLocked } from './sync-subscription.js';

// Why a subscription in these states cannot be activated.
const REFUSALS: Partial<Record<SubscriptionStatus, string>> = {
  incomplete: billingMessages.subscriptionNotApproved,
  incomplete_expired: billingMessages.subscriptionNotApproved,
  canceled: billingMessages.subscriptionCancelled,
  past_due: billingMessages.subscriptionPastDue,
};

/**
 * Links a PayPal subscription to the organization: from the return page (subscription_id) or
 * typed in Manual Activation. Refused unless it ends up active: someone else's id or another
 * plan (nothing stored), or one never approved, cancelled or past due (stored as it is, unless
 * the organization has another live subscription).
 */
export async function activateSubscription(ctx: BillingContext, tenantId: string, subscriptionId: string): Promise<SubscriptionChangeResponse> {
  return decideUnderBillingLock(ctx.db, tenantId, async (tx) => {
    let outcome = await syncSubscriptionLocked(ctx, tx, tenantId, subscriptionId);
    if (outcome.subscription.status === 'APPROVED') {
      // Approved by the buyer but not started (PayPal starts SUBSCRIBE_NOW ones itself).
      await activateApproved(ctx, subscriptionId);
      outcome = await syncSubscriptionLocked(ctx, tx, tenantId, subscriptionId);
    }
    const refusal = REFUSALS[outcome.mapped.status];
    if (refusal) return badRequest(refusal);
    if (!outcome.adopted) return conflict(billingMessages.alreadySubscribed);
    const state = await readSubscriptionState(tx, tenantId, ctx.clock());
    return { ...state!, message: billingMessages.activated };
  });
}

async function activateApproved(ctx: BillingContext, subscriptionId: string): Promise<void> {
  try {
    await ctx.paypal.activateSubscription(subscriptionId, 'Activated on return from PayPal');
  } catch (error) {
    // 422: PayPal will not start it from this state; the status read next tells the buyer why.
    if (!(error instanceof PayPalApiError && error.status === 422)) throw error;
  }
}
