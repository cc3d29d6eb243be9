import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../shared/api/account.js';
import type { Database } from '../db/client.js';
import { notificationPreferences } from '../db/schema/index.js';

/** The user's four notification toggles; the defaults until they save any. */
export async function getNotificationPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      emailNotifications: notificationPreferences.emailNotifications,
      weeklyReports: notificationPreferences.weeklyReports,
      securityAlerts: notificationPreferences.securityAlerts,
      systemUpdates: notificationPreferences.systemUpdates,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** Saves the toggles given in one statement; the others keep their value (or default). */
export async function updateNotificationPreferences(db: Database, userId: string, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const insert = db.insert(notificationPreferences).values({ userId, ...DEFAULT_NOTIFICATION_PREFERENCES, ...changes });
  if (Object.keys(changes).length === 0) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...changes, updatedAt: sql`now()` } });
  return getNotificationPreferences(db, userId);
}
