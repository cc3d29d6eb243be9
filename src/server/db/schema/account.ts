import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * A user's four notification toggles from Account Settings; no row means the defaults. Security
 * alerts left null follow the member's role: on, except for viewers (docs/product.md §Departures from the original spec, the notification toggles).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull(),
  weeklyReports: boolean('weekly_reports').notNull(),
  securityAlerts: boolean('security_alerts'),
  systemUpdates: boolean('system_updates').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
