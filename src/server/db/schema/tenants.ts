import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_ROLES } from '../../../shared/domain/member-roles.js';
import { SUBSCRIPTION_STATUSES } from '../../../shared/domain/subscription-status.js';
import { users } from './identity.js';

/** An organization (called a tenant in the data, a company or organization in the UI). */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  domain: text('domain').notNull(),
  subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('none'),
  subscriptionPlan: text('subscription_plan', { enum: ['monthly', 'yearly'] }),
  subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  paypalSubscriptionId: text('paypal_subscription_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who may act for an organization, and how far (docs/product.md §Teams and roles). A trigger
 * (migration `teams`) refuses any change that leaves an organization without an owner; the same
 * migration turned the former `member` role into `admin` and added the check on `role` (hand-written,
 * as the rows had to change before the check could hold).
 */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.userId] }), index('memberships_user_id_idx').on(table.userId)],
);
