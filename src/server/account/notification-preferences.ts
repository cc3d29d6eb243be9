import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../shared/api/account.js';
import type { Database } from '../db/client.js';
import { memberships, notificationPreferences } from '../db/schema/index.js';

/**
 * The user's four notification toggles; the defaults until they save any. Security alerts never
 * switched follow the role: off for someone who is a viewer wherever they are a member.
 */
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
  const preferences = row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES, securityAlerts: null };
  return { ...preferences, securityAlerts: preferences.securityAlerts ?? (await securityAlertsByRole(db, userId)) };
}

/** On unless every organization of the user has them as a viewer. */
async function securityAlertsByRole(db: Database, userId: string): Promise<boolean> {
  const roles = await db.select({ role: memberships.role }).from(memberships).where(eq(memberships.userId, userId));
  return roles.length === 0 || roles.some(({ role }) => role !== 'viewer');
}

/** Saves the toggles given in one statement; the others keep their value (or default). */
export async function updateNotificationPreferences(db: Database, userId: string, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  // Security alerts not chosen stay null: they keep following the role.
  const insert = db.insert(notificationPreferences).values({ userId, ...DEFAULT_NOTIFICATION_PREFERENCES, securityAlerts: null, ...changes });
  if (Object.keys(changes).length === 0) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...changes, updatedAt: sql`now()` } });
  return getNotificationPreferences(db, userId);
}
