import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * Who an organization's reminders go to besides the user: a pilot mailbox that receives every
 * reminder instead of the user (pilot mode, until switched off), and whether each user's manager
 * gets a copy. No row: reminders go to the users alone.
 */
export const reminderRecipients = pgTable('reminder_recipients', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** Pilot mode is on while set. */
  pilotMailbox: text('pilot_mailbox'),
  ccManager: boolean('cc_manager').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});
