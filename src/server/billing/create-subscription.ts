import { billingMessages, type CreateSubscriptionBody, type CreateSubscriptionResponse } from '../../shared/api/billing.js';
import { blocksNewPurchase } from '../../shared/domain/subscription-status.js';
import { conflict } from '../http/app-error.js';
import type { BillingContext } from './billing-context.js';
import { readSubscriptionState } from './subscription-state.js';
import { syncSubscription } from './sync-subscription.js';

/**
 * Starts a purchase: creates a PayPal subscription for the chosen plan with this organization as
 * custom_id and answers PayPal's approval page, where the browser goes next. The pending
 * subscription is stored (status incomplete) unless the organization still has a live one. An
 * organization whose subscription is active or past due cannot buy a second one.
 */
export async function createSubscription(ctx: BillingContext, tenantId: string, input: CreateSubscriptionBody): Promise<CreateSubscriptionResponse> {
  const state = await readSubscriptionState(ctx.db, tenantId, ctx.clock());
  if (blocksNewPurchase(state?.status)) {
    // past_due: PayPal keeps retrying the payment of that subscription, so a second one would bill twice.
    throw conflict(state?.status === 'past_due' ? billingMessages.paymentPastDue : billingMessages.alreadySubscribed);
  }
  const { planIds } = await ctx.catalog.ensure();
  const created = await ctx.paypal.createSubscription({
    planId: planIds[input.planType],
    customId: tenantId,
    subscriber: subscriberOf(input),
    brandName: 'Passwatch',
    returnUrl: `${ctx.appUrl}/subscription/success`,
    cancelUrl: `${ctx.appUrl}/subscription/cancel`,
  });
  await syncSubscription(ctx, tenantId, created.id);
  return { approvalUrl: created.approvalUrl, subscriptionId: created.id };
}

/** Prefills PayPal's page: "Ada King Lovelace" -> given name "Ada", surname "King Lovelace". */
function subscriberOf(input: CreateSubscriptionBody) {
  const [givenName, ...rest] = (input.userName ?? '').split(/\s+/).filter(Boolean);
  const surname = rest.join(' ');
  return {
    ...(givenName ? { name: { given_name: givenName, ...(surname ? { surname } : {}) } } : {}),
    ...(input.userEmail ? { email_address: input.userEmail } : {}),
  };
}
