/** Creating, approving and changing subscriptions, with PayPal's state rules. */
import { newApprovalToken, newPayerId, newRedirectToken, newSubscriptionId } from './ids.js';
import { resourceNotFound, subscriptionStatusInvalid, unprocessable } from './paypal-errors.js';
import type { SimulatorContext } from './simulator-context.js';
import type { ApplicationContext, Approval, Plan, Subscriber, Subscription } from './simulator-state.js';
import { changeStatus, planOf, recordPayment, skipLapsedPeriods } from './subscription-billing.js';
import { publishSaleCompleted, publishSubscriptionEvent } from './subscription-events.js';

export interface NewSubscription {
  planId: string;
  customId?: string;
  subscriber?: Subscriber;
  applicationContext?: ApplicationContext;
}

export function findSubscription(ctx: SimulatorContext, id: string): Subscription {
  const subscription = ctx.state.subscriptions.get(id);
  if (!subscription) throw resourceNotFound();
  return subscription;
}

/** A plan a subscription may use: it exists and is ACTIVE. */
function subscribablePlan(ctx: SimulatorContext, planId: string): Plan {
  const plan = ctx.state.plans.get(planId);
  if (!plan) throw resourceNotFound();
  if (plan.status !== 'ACTIVE') {
    throw unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status for subscription creation; plan status should be active.');
  }
  return plan;
}

function openApproval(ctx: SimulatorContext, approval: Omit<Approval, 'token' | 'redirectToken'>): Approval {
  const opened: Approval = { ...approval, token: newApprovalToken(), redirectToken: newRedirectToken() };
  ctx.state.approvals.set(opened.token, opened);
  return opened;
}

export function createSubscription(ctx: SimulatorContext, input: NewSubscription): Subscription {
  subscribablePlan(ctx, input.planId);
  const now = ctx.clock.now();
  const id = newSubscriptionId();
  const approval = openApproval(ctx, { subscriptionId: id, kind: 'subscribe', planId: input.planId, ...urlsOf(input.applicationContext) });
  const subscription: Subscription = {
    id,
    planId: input.planId,
    status: 'APPROVAL_PENDING',
    statusUpdateTime: now,
    createTime: now,
    updateTime: now,
    startTime: now,
    subscriber: input.subscriber ?? {},
    approvalToken: approval.token,
    cyclesCompleted: 0,
    billingPeriods: 0,
    failedPaymentsCount: 0,
    suspendedForFailedPayments: false,
    ...(input.customId !== undefined ? { customId: input.customId } : {}),
    ...(input.applicationContext ? { applicationContext: input.applicationContext } : {}),
  };
  ctx.state.subscriptions.set(subscription.id, subscription);
  publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.CREATED');
  return subscription;
}

function urlsOf(context: ApplicationContext | undefined): Pick<Approval, 'returnUrl' | 'cancelUrl'> {
  return context ? { returnUrl: context.return_url, cancelUrl: context.cancel_url } : {};
}

/** First payment and activation, as PayPal does right after a SUBSCRIBE_NOW approval. */
function startBilling(ctx: SimulatorContext, subscription: Subscription): void {
  changeStatus(ctx, subscription, 'ACTIVE');
  const transaction = recordPayment(ctx, subscription);
  publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.ACTIVATED');
  publishSaleCompleted(ctx, transaction, subscription);
}

/** Whether the buyer can still approve at this link. */
export function isApprovalOpen(ctx: SimulatorContext, approval: Approval): boolean {
  if (approval.outcome === 'approved') return false;
  const subscription = ctx.state.subscriptions.get(approval.subscriptionId);
  if (!subscription) return false;
  return approval.kind === 'subscribe' ? subscription.status === 'APPROVAL_PENDING' : subscription.status === 'ACTIVE';
}

/**
 * The buyer pressed Approve. Returns where PayPal sends the browser: the return URL with
 * subscription_id, ba_token and token appended, or undefined when the merchant gave none.
 * Approving an already approved link again only repeats the redirect.
 */
export function approve(ctx: SimulatorContext, approval: Approval): string | undefined {
  if (approval.outcome !== 'approved') {
    if (!isApprovalOpen(ctx, approval)) throw subscriptionStatusInvalid('approve', 'approval pending');
    const subscription = findSubscription(ctx, approval.subscriptionId);
    approval.outcome = 'approved';
    if (approval.kind === 'revise') {
      subscription.planId = approval.planId;
      subscription.updateTime = ctx.clock.now();
      publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.UPDATED');
    } else {
      subscription.subscriber.payer_id = newPayerId();
      if (subscription.applicationContext?.user_action === 'CONTINUE') changeStatus(ctx, subscription, 'APPROVED');
      else startBilling(ctx, subscription);
    }
  }
  if (!approval.returnUrl) return undefined;
  return withQuery(approval.returnUrl, {
    subscription_id: approval.subscriptionId,
    ba_token: approval.token,
    token: approval.redirectToken,
  });
}

/** The buyer pressed Cancel: nothing changes at PayPal; the browser goes to cancel_url?token=... */
export function decline(approval: Approval): string | undefined {
  if (approval.outcome !== 'approved') approval.outcome = 'cancelled';
  return approval.cancelUrl ? withQuery(approval.cancelUrl, { token: approval.redirectToken }) : undefined;
}

function withQuery(url: string, parameters: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(parameters)) target.searchParams.set(name, value);
  return target.toString();
}

/** Immediate and final: a cancelled subscription can never be activated again. */
export function cancelSubscription(ctx: SimulatorContext, subscription: Subscription, reason: string): void {
  if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
    throw subscriptionStatusInvalid('cancel', 'active or suspended');
  }
  changeStatus(ctx, subscription, 'CANCELLED', reason);
  publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.CANCELLED');
}

export function suspendSubscription(ctx: SimulatorContext, subscription: Subscription, reason: string): void {
  if (subscription.status !== 'ACTIVE') throw subscriptionStatusInvalid('suspend', 'active');
  subscription.suspendedForFailedPayments = false;
  changeStatus(ctx, subscription, 'SUSPENDED', reason);
  publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.SUSPENDED');
}

/**
 * Resumes a merchant-suspended subscription (billing continues at the next due date), or starts
 * an APPROVED one (user_action CONTINUE). PayPal refuses it after a failed-payment suspension.
 */
export function activateSubscription(ctx: SimulatorContext, subscription: Subscription, reason?: string): void {
  if (subscription.status === 'APPROVED') {
    startBilling(ctx, subscription);
    return;
  }
  if (subscription.status !== 'SUSPENDED') throw subscriptionStatusInvalid('activate', 'suspended');
  if (subscription.suspendedForFailedPayments) {
    throw unprocessable('SUBSCRIPTION_CANNOT_BE_ACTIVATED', 'Subscription cannot be activated after payment failure threshold has reached.');
  }
  changeStatus(ctx, subscription, 'ACTIVE', reason);
  skipLapsedPeriods(ctx, subscription);
  publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.ACTIVATED');
}

/** A plan change needs the buyer's consent: it returns the approval whose link the buyer must visit. */
export function reviseSubscription(
  ctx: SimulatorContext,
  subscription: Subscription,
  input: { planId: string; applicationContext?: ApplicationContext },
): Approval {
  if (subscription.status !== 'ACTIVE') throw subscriptionStatusInvalid('revise', 'active');
  const plan = subscribablePlan(ctx, input.planId);
  if (plan.productId !== planOf(ctx, subscription).productId) {
    throw unprocessable('PLAN_PRODUCT_NOT_COMPATIBLE', 'The old and the new plans should be for the same product.', '/plan_id');
  }
  return openApproval(ctx, {
    subscriptionId: subscription.id,
    kind: 'revise',
    planId: plan.id,
    ...urlsOf(input.applicationContext ?? subscription.applicationContext),
  });
}
