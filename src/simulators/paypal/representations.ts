/** The JSON shapes PayPal returns for each resource, built from the simulator's records. */
import { formatCents, toCents } from './money.js';
import { paypalTime } from './simulator-clock.js';
import type { Plan, Product, SimulatorState, Subscription, Transaction } from './simulator-state.js';

interface Link {
  href: string;
  rel: string;
  method: string;
}

const link = (href: string, rel: string, method = 'GET'): Link => ({ href, rel, method });

export function approvalUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/webapps/billing/subscriptions?ba_token=${token}`;
}

export function productSummary(baseUrl: string, product: Product) {
  return {
    id: product.id,
    name: product.name,
    ...(product.description !== undefined ? { description: product.description } : {}),
    create_time: paypalTime(product.createTime),
    links: [link(`${baseUrl}/v1/catalogs/products/${product.id}`, 'self')],
  };
}

export function productRepresentation(baseUrl: string, product: Product) {
  const self = `${baseUrl}/v1/catalogs/products/${product.id}`;
  return {
    id: product.id,
    name: product.name,
    ...(product.description !== undefined ? { description: product.description } : {}),
    type: product.type,
    ...(product.category !== undefined ? { category: product.category } : {}),
    ...(product.image_url !== undefined ? { image_url: product.image_url } : {}),
    ...(product.home_url !== undefined ? { home_url: product.home_url } : {}),
    create_time: paypalTime(product.createTime),
    update_time: paypalTime(product.updateTime),
    links: [link(self, 'self'), link(self, 'edit', 'PATCH')],
  };
}

function planLinks(baseUrl: string, plan: Plan): Link[] {
  const self = `${baseUrl}/v1/billing/plans/${plan.id}`;
  return [
    link(self, 'self'),
    link(self, 'edit', 'PATCH'),
    plan.status === 'ACTIVE' ? link(`${self}/deactivate`, 'deactivate', 'POST') : link(`${self}/activate`, 'activate', 'POST'),
  ];
}

export function planSummary(baseUrl: string, plan: Plan) {
  return {
    id: plan.id,
    product_id: plan.productId,
    name: plan.name,
    status: plan.status,
    ...(plan.description !== undefined ? { description: plan.description } : {}),
    usage_type: 'LICENSED',
    create_time: paypalTime(plan.createTime),
    links: planLinks(baseUrl, plan),
  };
}

export function planRepresentation(baseUrl: string, plan: Plan) {
  return {
    ...planSummary(baseUrl, plan),
    billing_cycles: [
      {
        frequency: plan.frequency,
        tenure_type: 'REGULAR',
        sequence: plan.sequence,
        total_cycles: plan.totalCycles,
        pricing_scheme: {
          version: 1,
          fixed_price: plan.price,
          create_time: paypalTime(plan.createTime),
          update_time: paypalTime(plan.updateTime),
        },
      },
    ],
    payment_preferences: {
      service_type: 'PREPAID',
      auto_bill_outstanding: plan.autoBillOutstanding,
      setup_fee: { value: '0', currency_code: plan.price.currency_code },
      setup_fee_failure_action: plan.setupFeeFailureAction,
      payment_failure_threshold: plan.paymentFailureThreshold,
    },
    quantity_supported: plan.quantitySupported,
    update_time: paypalTime(plan.updateTime),
  };
}

function subscriptionLinks(baseUrl: string, subscription: Subscription): Link[] {
  const self = `${baseUrl}/v1/billing/subscriptions/${subscription.id}`;
  switch (subscription.status) {
    case 'APPROVAL_PENDING':
      return [link(approvalUrl(baseUrl, subscription.approvalToken), 'approve'), link(self, 'edit', 'PATCH'), link(self, 'self')];
    case 'APPROVED':
      return [link(`${self}/activate`, 'activate', 'POST'), link(self, 'edit', 'PATCH'), link(self, 'self')];
    case 'ACTIVE':
      return [
        link(`${self}/cancel`, 'cancel', 'POST'),
        link(self, 'edit', 'PATCH'),
        link(self, 'self'),
        link(`${self}/suspend`, 'suspend', 'POST'),
        link(`${self}/capture`, 'capture', 'POST'),
      ];
    case 'SUSPENDED':
      return [
        link(`${self}/cancel`, 'cancel', 'POST'),
        link(`${self}/activate`, 'activate', 'POST'),
        link(self, 'edit', 'PATCH'),
        link(self, 'self'),
        link(`${self}/capture`, 'capture', 'POST'),
      ];
    case 'CANCELLED':
    case 'EXPIRED':
      return [link(self, 'self')];
  }
}

/** What `POST /v1/billing/subscriptions` returns without `Prefer: return=representation`. */
export function subscriptionMinimal(baseUrl: string, subscription: Subscription) {
  return {
    status: subscription.status,
    id: subscription.id,
    create_time: paypalTime(subscription.createTime),
    links: subscriptionLinks(baseUrl, subscription),
  };
}

function billingInfo(subscription: Subscription, plan: Plan, includeLastFailedPayment: boolean) {
  const currency = plan.price.currency_code;
  const owed = subscription.failedPaymentsCount > 0 ? (subscription.lastFailedPayment?.amount.value ?? '0') : '0';
  const failed = subscription.lastFailedPayment;
  return {
    outstanding_balance: { currency_code: currency, value: formatCents(toCents(owed)) },
    cycle_executions: [
      {
        tenure_type: 'REGULAR',
        sequence: plan.sequence,
        cycles_completed: subscription.cyclesCompleted,
        cycles_remaining: plan.totalCycles === 0 ? 0 : Math.max(0, plan.totalCycles - subscription.cyclesCompleted),
        current_pricing_scheme_version: 1,
        total_cycles: plan.totalCycles,
      },
    ],
    ...(subscription.lastPayment ? { last_payment: { amount: subscription.lastPayment.amount, time: paypalTime(subscription.lastPayment.time) } } : {}),
    // Only an active subscription has a next billing time; PayPal drops it on suspension and cancellation.
    ...(subscription.status === 'ACTIVE' && subscription.nextBillingTime ? { next_billing_time: paypalTime(subscription.nextBillingTime) } : {}),
    failed_payments_count: subscription.failedPaymentsCount,
    ...(includeLastFailedPayment && failed
      ? {
          last_failed_payment: {
            amount: failed.amount,
            time: paypalTime(failed.time),
            reason_code: failed.reasonCode,
            ...(failed.nextPaymentRetryTime ? { next_payment_retry_time: paypalTime(failed.nextPaymentRetryTime) } : {}),
          },
        }
      : {}),
  };
}

/**
 * `GET /v1/billing/subscriptions/{id}`. `billing_info` exists only once billing has started and
 * stays after cancellation (without `next_billing_time`); `last_failed_payment` only when asked for with
 * `fields=last_failed_payment`, as PayPal does.
 */
export function subscriptionRepresentation(
  baseUrl: string,
  state: SimulatorState,
  subscription: Subscription,
  options: { includeLastFailedPayment?: boolean } = {},
) {
  const plan = state.plans.get(subscription.planId) as Plan;
  const hasBillingInfo = ['ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED'].includes(subscription.status);
  const hasSubscriber = subscription.subscriber.name !== undefined || subscription.subscriber.email_address !== undefined;
  return {
    status: subscription.status,
    ...(subscription.statusChangeNote !== undefined ? { status_change_note: subscription.statusChangeNote } : {}),
    status_update_time: paypalTime(subscription.statusUpdateTime),
    id: subscription.id,
    plan_id: subscription.planId,
    start_time: paypalTime(subscription.startTime),
    quantity: '1',
    shipping_amount: { currency_code: plan.price.currency_code, value: '0.0' },
    ...(hasSubscriber || subscription.subscriber.payer_id ? { subscriber: subscription.subscriber } : {}),
    ...(hasBillingInfo ? { billing_info: billingInfo(subscription, plan, options.includeLastFailedPayment ?? false) } : {}),
    ...(subscription.customId !== undefined ? { custom_id: subscription.customId } : {}),
    create_time: paypalTime(subscription.createTime),
    update_time: paypalTime(subscription.updateTime),
    plan_overridden: false,
    links: subscriptionLinks(baseUrl, subscription),
  };
}

function money(currency: string, cents: number) {
  return { currency_code: currency, value: formatCents(cents) };
}

/** One entry of `GET /v1/billing/subscriptions/{id}/transactions`. */
export function transactionRepresentation(transaction: Transaction, subscription: Subscription) {
  const { currency, grossCents, feeCents } = transaction;
  return {
    status: transaction.status,
    id: transaction.id,
    amount_with_breakdown: {
      gross_amount: money(currency, grossCents),
      fee_amount: money(currency, feeCents),
      net_amount: money(currency, grossCents - feeCents),
    },
    ...(subscription.subscriber.name ? { payer_name: subscription.subscriber.name } : {}),
    ...(subscription.subscriber.email_address ? { payer_email: subscription.subscriber.email_address } : {}),
    time: paypalTime(transaction.time),
  };
}

/** The v1 `sale` resource of PAYMENT.SALE.* webhooks (note its `total`/`currency` money shape). */
export function saleResource(baseUrl: string, transaction: Transaction, subscription: Subscription) {
  const self = `${baseUrl}/v1/payments/sale/${transaction.id}`;
  const total = formatCents(transaction.grossCents);
  return {
    id: transaction.id,
    state: transaction.status === 'REFUNDED' ? 'refunded' : 'completed',
    amount: { total, currency: transaction.currency, details: { subtotal: total } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
    transaction_fee: { value: formatCents(transaction.feeCents), currency: transaction.currency },
    billing_agreement_id: subscription.id,
    ...(subscription.customId !== undefined ? { custom: subscription.customId } : {}),
    create_time: paypalTime(transaction.time),
    update_time: paypalTime(transaction.refund?.time ?? transaction.time),
    links: [link(self, 'self'), link(`${self}/refund`, 'refund', 'POST')],
  };
}

/** The v1 `refund` resource of PAYMENT.SALE.REFUNDED; it names the sale, not the subscription. */
export function refundResource(baseUrl: string, transaction: Transaction, refund: { id: string; time: Date }) {
  return {
    id: refund.id,
    state: 'completed',
    amount: { total: formatCents(transaction.grossCents), currency: transaction.currency },
    sale_id: transaction.id,
    create_time: paypalTime(refund.time),
    update_time: paypalTime(refund.time),
    links: [link(`${baseUrl}/v1/payments/refund/${refund.id}`, 'self'), link(`${baseUrl}/v1/payments/sale/${transaction.id}`, 'sale')],
  };
}
