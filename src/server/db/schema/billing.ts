import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * The PayPal product and plans this deployment sells, created once at start-up when they are not
 * configured. A single row (key 'default'), so every instance of the app uses the same plans.
 */
export const paypalCatalog = pgTable('paypal_catalog', {
  key: text('key').primaryKey(),
  productId: text('product_id').notNull(),
  monthlyPlanId: text('monthly_plan_id').notNull(),
  yearlyPlanId: text('yearly_plan_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What we know about an organization's PayPal subscription beyond the tenant row's status,
 * plan and id: PayPal's own status, the paid period (PayPal drops `next_billing_time` once a
 * subscription is suspended or cancelled, so it is kept here) and our cancel-at-period-end flag.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    paypalSubscriptionId: text('paypal_subscription_id').notNull(),
    paypalStatus: text('paypal_status').notNull(),
    /** When PayPal created the subscription: an approval pending for hours has expired. */
    paypalCreatedAt: timestamp('paypal_created_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Suspended by us on request: access lasts until currentPeriodEnd, then PayPal cancels for good. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('billing_subscriptions_paypal_subscription_id_idx').on(table.paypalSubscriptionId)],
);

/** Invoice numbers PW-YYYY-NNNNNN draw NNNNNN from here. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

/** A payment PayPal recorded for one of an organization's subscriptions; each is an invoice. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    paypalSubscriptionId: text('paypal_subscription_id').notNull(),
    paypalTransactionId: text('paypal_transaction_id').notNull().unique(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['completed', 'refunded', 'partially_refunded'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_payments_tenant_paid_at_idx').on(table.tenantId, table.paidAt)],
);

/** PayPal webhook events already handled: PayPal may deliver one several times. */
export const paypalWebhookEvents = pgTable('paypal_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
