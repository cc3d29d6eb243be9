/** Money movements on a subscription: payments, failed payments, expiry and refunds. */
import { addBillingIntervals } from './billing-calendar.js';
import { newTransactionId } from './ids.js';
import { paypalFeeCents, toCents } from './money.js';
import { resourceNotFound, subscriptionStatusInvalid, unprocessable } from './paypal-errors.js';
import type { SimulatorContext } from './simulator-context.js';
import type { Plan, Subscription, SubscriptionStatus, Transaction } from './simulator-state.js';
import { publishSaleCompleted, publishSaleRefunded, publishSubscriptionEvent } from './subscription-events.js';
import { DAY_MS } from '../shared/formats.js';

const PAYMENT_RETRY_DELAY_MS = 5 * DAY_MS;

export function planOf(ctx: SimulatorContext, subscription: Subscription): Plan {
  return ctx.state.plans.get(subscription.planId) as Plan;
}

export function changeStatus(ctx: SimulatorContext, subscription: Subscription, status: SubscriptionStatus, note?: string): void {
  const now = ctx.clock.now();
  subscription.status = status;
  subscription.statusUpdateTime = now;
  subscription.updateTime = now;
  if (note !== undefined) subscription.statusChangeNote = note;
}

/** Moves next_billing_time one interval on from the anchor. */
function advanceBillingPeriod(ctx: SimulatorContext, subscription: Subscription): void {
  const anchor = subscription.billingAnchor as Date;
  subscription.billingPeriods += 1;
  subscription.nextBillingTime = addBillingIntervals(anchor, planOf(ctx, subscription).frequency, subscription.billingPeriods);
}

/**
 * Charges one cycle at the plan price, at `now` unless a catch-up renewal gives its due time;
 * a successful payment clears any failed-payment run.
 */
export function recordPayment(ctx: SimulatorContext, subscription: Subscription, now = ctx.clock.now()): Transaction {
  const { price } = planOf(ctx, subscription);
  const grossCents = toCents(price.value);
  const transaction: Transaction = {
    id: newTransactionId(),
    subscriptionId: subscription.id,
    status: 'COMPLETED',
    currency: price.currency_code,
    grossCents,
    feeCents: paypalFeeCents(grossCents),
    time: now,
  };
  ctx.state.transactions.set(transaction.id, transaction);
  subscription.billingAnchor ??= now;
  subscription.cyclesCompleted += 1;
  advanceBillingPeriod(ctx, subscription);
  subscription.lastPayment = { amount: { currency_code: price.currency_code, value: price.value }, time: now };
  subscription.failedPaymentsCount = 0;
  subscription.updateTime = now;
  return transaction;
}

/** After an unbilled lapse (reactivation late in a suspension) billing resumes at the next due date. */
export function skipLapsedPeriods(ctx: SimulatorContext, subscription: Subscription): void {
  const now = ctx.clock.now();
  while (subscription.nextBillingTime && subscription.nextBillingTime <= now) advanceBillingPeriod(ctx, subscription);
}

function requireActive(subscription: Subscription, action: string): void {
  if (subscription.status !== 'ACTIVE') throw subscriptionStatusInvalid(action, 'active');
}

/** A successful renewal payment (control API, or the clock passing next_billing_time). */
export function renewCycle(ctx: SimulatorContext, subscription: Subscription, at?: Date): Transaction {
  requireActive(subscription, 'renew');
  const transaction = recordPayment(ctx, subscription, at);
  publishSaleCompleted(ctx, transaction, subscription);
  return transaction;
}

/**
 * A declined renewal: PayPal counts it, keeps the amount outstanding and schedules a retry; at the
 * plan's payment_failure_threshold it suspends the subscription, which the merchant then cannot
 * reactivate.
 */
export function failPayment(ctx: SimulatorContext, subscription: Subscription, reasonCode = 'PAYMENT_DENIED'): void {
  requireActive(subscription, 'fail payment');
  const now = ctx.clock.now();
  const plan = planOf(ctx, subscription);
  subscription.failedPaymentsCount += 1;
  subscription.lastFailedPayment = {
    amount: { currency_code: plan.price.currency_code, value: plan.price.value },
    time: now,
    reasonCode,
    nextPaymentRetryTime: new Date(now.getTime() + PAYMENT_RETRY_DELAY_MS),
  };
  subscription.updateTime = now;
  publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED');
  if (plan.paymentFailureThreshold > 0 && subscription.failedPaymentsCount >= plan.paymentFailureThreshold) {
    delete subscription.lastFailedPayment.nextPaymentRetryTime;
    subscription.suspendedForFailedPayments = true;
    changeStatus(ctx, subscription, 'SUSPENDED', 'Payment failure threshold reached');
    publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.SUSPENDED');
  }
}

export function expireSubscription(ctx: SimulatorContext, subscription: Subscription): void {
  if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
    throw subscriptionStatusInvalid('expire', 'active or suspended');
  }
  changeStatus(ctx, subscription, 'EXPIRED');
  publishSubscriptionEvent(ctx, subscription, 'BILLING.SUBSCRIPTION.EXPIRED');
}

export function refundTransaction(ctx: SimulatorContext, transactionId: string): Transaction {
  const transaction = ctx.state.transactions.get(transactionId);
  if (!transaction) throw resourceNotFound();
  if (transaction.status !== 'COMPLETED') {
    throw unprocessable('TRANSACTION_ALREADY_REFUNDED', 'The requested transaction has already been fully refunded.');
  }
  const refund = { id: newTransactionId(), time: ctx.clock.now() };
  transaction.status = 'REFUNDED';
  transaction.refund = refund;
  publishSaleRefunded(ctx, transaction, refund);
  return transaction;
}

/** Bills every active subscription whose next_billing_time has come, once per due cycle, at its due time. */
export function runDueBilling(ctx: SimulatorContext): Transaction[] {
  const now = ctx.clock.now();
  const charged: Transaction[] = [];
  for (const subscription of ctx.state.subscriptions.values()) {
    while (subscription.status === 'ACTIVE' && subscription.nextBillingTime && subscription.nextBillingTime <= now) {
      charged.push(renewCycle(ctx, subscription, subscription.nextBillingTime));
    }
  }
  return charged;
}
