import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * An organization's reminder policy: reminders on chosen days before the expiry and, optionally,
 * after it with their own wording. No row: a reminder every day within the configuration's
 * daysBeforeExpiration.
 */
export const reminderPolicies = pgTable('reminder_policies', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** Days before the expiry day, 0 = the day itself; ascending, distinct. */
  reminderDays: integer('reminder_days').array().notNull(),
  /** Days after the expiry day; ascending, distinct; empty: no after-expiry reminder. */
  afterExpiryDays: integer('after_expiry_days').array().notNull(),
  afterExpirySubject: text('after_expiry_subject').notNull(),
  /** Sanitised HTML, bounded like the main template. */
  afterExpiryTemplate: text('after_expiry_template').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});
