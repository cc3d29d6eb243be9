import type { BillingFrequency } from './billing-calendar.js';

interface Money {
  currency_code: string;
  value: string;
}

export interface Product {
  id: string;
  name: string;
  description?: string;
  type: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  category?: string;
  image_url?: string;
  home_url?: string;
  createTime: Date;
  updateTime: Date;
}

export type PlanStatus = 'CREATED' | 'INACTIVE' | 'ACTIVE';

export interface Plan {
  id: string;
  productId: string;
  name: string;
  description?: string;
  status: PlanStatus;
  /** The plan's single REGULAR billing cycle (the simulator bills no trial cycles). */
  frequency: BillingFrequency;
  sequence: number;
  /** 0 renews forever. */
  totalCycles: number;
  price: Money;
  autoBillOutstanding: boolean;
  setupFeeFailureAction: 'CONTINUE' | 'CANCEL';
  /** Consecutive failed payments that suspend a subscription; 0 never suspends. */
  paymentFailureThreshold: number;
  quantitySupported: boolean;
  createTime: Date;
  updateTime: Date;
}

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface Subscriber {
  name?: { given_name?: string; surname?: string };
  email_address?: string;
  payer_id?: string;
}

export interface ApplicationContext {
  brand_name?: string;
  locale?: string;
  shipping_preference?: 'GET_FROM_FILE' | 'NO_SHIPPING' | 'SET_PROVIDED_ADDRESS';
  user_action?: 'SUBSCRIBE_NOW' | 'CONTINUE';
  return_url: string;
  cancel_url: string;
}

export interface FailedPayment {
  amount: Money;
  time: Date;
  reasonCode: string;
  nextPaymentRetryTime?: Date;
}

export interface Subscription {
  id: string;
  planId: string;
  customId?: string;
  status: SubscriptionStatus;
  statusChangeNote?: string;
  statusUpdateTime: Date;
  createTime: Date;
  updateTime: Date;
  startTime: Date;
  subscriber: Subscriber;
  applicationContext?: ApplicationContext;
  /** The BA- token of the buyer's approval link. */
  approvalToken: string;
  /** Cycles are counted from here (the first payment), so renewals never drift. */
  billingAnchor?: Date;
  /** Payments made (cycle_executions.cycles_completed). */
  cyclesCompleted: number;
  /** Billing intervals from the anchor to next_billing_time; exceeds cyclesCompleted after an unbilled lapse. */
  billingPeriods: number;
  nextBillingTime?: Date;
  lastPayment?: { amount: Money; time: Date };
  failedPaymentsCount: number;
  lastFailedPayment?: FailedPayment;
  /** PayPal refuses `activate` once the failure threshold suspended a subscription. */
  suspendedForFailedPayments: boolean;
}

export interface Transaction {
  id: string;
  subscriptionId: string;
  status: 'COMPLETED' | 'REFUNDED';
  currency: string;
  grossCents: number;
  feeCents: number;
  time: Date;
  refund?: { id: string; time: Date };
}

/** One buyer decision pending at an `approve` link: a new subscription or a plan change. */
export interface Approval {
  token: string;
  subscriptionId: string;
  kind: 'subscribe' | 'revise';
  planId: string;
  returnUrl?: string;
  cancelUrl?: string;
  redirectToken: string;
  outcome?: 'approved' | 'cancelled';
}

export interface WebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

export interface DeliveryAttempt {
  attempt: number;
  transmissionId: string;
  at: string;
  url: string;
  statusCode?: number;
  error?: string;
}

export type DeliveryStatus = 'pending' | 'held' | 'delivered' | 'failed' | 'no_webhook_url';

export interface WebhookEventRecord {
  event: WebhookEvent;
  /** The exact bytes sent (and signed), serialized once so every delivery is byte-identical. */
  body: string;
  status: DeliveryStatus;
  deliveries: DeliveryAttempt[];
}

export interface IdempotentResponse {
  statusCode: number;
  contentType?: string;
  payload?: string;
  expiresAt: Date;
}

export interface SimulatorState {
  products: Map<string, Product>;
  plans: Map<string, Plan>;
  subscriptions: Map<string, Subscription>;
  transactions: Map<string, Transaction>;
  approvals: Map<string, Approval>;
  /** In creation order. */
  events: Map<string, WebhookEventRecord>;
  idempotentResponses: Map<string, IdempotentResponse>;
  /** Access token -> wall-clock expiry. */
  accessTokens: Map<string, Date>;
}

export function createSimulatorState(): SimulatorState {
  return {
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    transactions: new Map(),
    approvals: new Map(),
    events: new Map(),
    idempotentResponses: new Map(),
    accessTokens: new Map(),
  };
}

/** Forgets every resource, event and token; keys, credentials and configuration stay. */
export function clearSimulatorState(state: SimulatorState): void {
  for (const collection of Object.values(state)) collection.clear();
}
