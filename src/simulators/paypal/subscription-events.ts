import { formatCents } from './money.js';
import { refundResource, saleResource, subscriptionRepresentation } from './representations.js';
import type { SimulatorContext } from './simulator-context.js';
import type { Subscription, Transaction } from './simulator-state.js';

export type SubscriptionEventType =
  | 'BILLING.SUBSCRIPTION.CREATED'
  | 'BILLING.SUBSCRIPTION.ACTIVATED'
  | 'BILLING.SUBSCRIPTION.UPDATED'
  | 'BILLING.SUBSCRIPTION.SUSPENDED'
  | 'BILLING.SUBSCRIPTION.CANCELLED'
  | 'BILLING.SUBSCRIPTION.EXPIRED'
  | 'BILLING.SUBSCRIPTION.PAYMENT.FAILED';

const SUBSCRIPTION_SUMMARIES: Record<SubscriptionEventType, string> = {
  'BILLING.SUBSCRIPTION.CREATED': 'Subscription created',
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Subscription activated',
  'BILLING.SUBSCRIPTION.UPDATED': 'Subscription updated',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Subscription suspended',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Subscription cancelled',
  'BILLING.SUBSCRIPTION.EXPIRED': 'Subscription expired',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Subscription payment failed',
};

/** The resource is the subscription as it is at publication time. */
export function publishSubscriptionEvent(ctx: SimulatorContext, subscription: Subscription, eventType: SubscriptionEventType) {
  return ctx.webhooks.publish({
    event_type: eventType,
    resource_type: 'subscription',
    resource_version: '2.0',
    summary: SUBSCRIPTION_SUMMARIES[eventType],
    resource: subscriptionRepresentation(ctx.baseUrl(), ctx.state, subscription),
  });
}

export function publishSaleCompleted(ctx: SimulatorContext, transaction: Transaction, subscription: Subscription) {
  return ctx.webhooks.publish({
    event_type: 'PAYMENT.SALE.COMPLETED',
    resource_type: 'sale',
    summary: `Payment completed for $ ${formatCents(transaction.grossCents)} ${transaction.currency}`,
    resource: saleResource(ctx.baseUrl(), transaction, subscription),
  });
}

export function publishSaleRefunded(ctx: SimulatorContext, transaction: Transaction, refund: { id: string; time: Date }) {
  return ctx.webhooks.publish({
    event_type: 'PAYMENT.SALE.REFUNDED',
    resource_type: 'refund',
    summary: `A $ ${formatCents(transaction.grossCents)} ${transaction.currency} sale payment was refunded`,
    resource: refundResource(ctx.baseUrl(), transaction, refund),
  });
}
