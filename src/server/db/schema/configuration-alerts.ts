import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * An organization's open quarter hour of configuration changes (docs/product.md §Account mail):
 * opened by the first change after the previous alert, each later change appended to `changes`,
 * and turned into one security alert per member when its quarter hour has passed. The row is the lock both
 * sides take: a save appends under it, the sender deletes it in the transaction that queues the
 * alert, so a window is mailed once and a change lands in that alert or opens the next window.
 */
export const configurationAlertWindows = pgTable(
  'configuration_alert_windows',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Names this window's alert (the outbox key): a later window of the same organization is another event. */
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    /** The first change's time: the window is mailed once its quarter hour (the sender's setting) has passed. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** Every save of the window in order: when, who, and what it changed (null: it created the configuration). */
    changes: jsonb('changes').$type<Record<string, unknown>[]>().notNull(),
  },
  (table) => [index('configuration_alert_windows_opened_at_idx').on(table.openedAt)],
);
