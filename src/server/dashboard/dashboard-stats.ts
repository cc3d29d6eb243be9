import { and, between, count, desc, eq, gte } from 'drizzle-orm';
import type { DashboardStats } from '../../shared/api/dashboard.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays } from '../../shared/domain/local-date.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time-zones.js';
import { instantOfWallClock } from '../../shared/domain/zoned-time.js';
import { nextScheduledCheck } from '../automation/next-scheduled-check.js';
import { hasActiveSubscription } from '../billing/has-active-subscription.js';
import type { Clock } from '../clock.js';
import { getConnectionStatus } from '../configuration/connection-status.js';
import { findConfiguration } from '../configuration/configuration-store.js';
import type { Database } from '../db/client.js';
import { automationRuns, emailSends, passwordExpirations } from '../db/schema/index.js';

/** GET /api/dashboard-stats: the four stat cards, the automation card and the header badge. */
export async function dashboardStats(deps: { db: Database; clock: Clock }, tenantId: string): Promise<DashboardStats> {
  const { db } = deps;
  const now = deps.clock();
  const configuration = await findConfiguration(db, tenantId);
  const timeZone = configuration?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDateOf(now, timeZone);
  const window = configuration?.daysBeforeExpiration ?? 0;

  const [[lastRun], [expiring], [sentToday], connection, subscribed] = await Promise.all([
    db
      .select({ finishedAt: automationRuns.finishedAt, summary: automationRuns.summary })
      .from(automationRuns)
      .where(and(eq(automationRuns.tenantId, tenantId), eq(automationRuns.status, 'completed')))
      .orderBy(desc(automationRuns.finishedAt))
      .limit(1),
    db
      .select({ count: count() })
      .from(passwordExpirations)
      .where(and(eq(passwordExpirations.tenantId, tenantId), between(passwordExpirations.expiryDate, today, addDays(today, window)))),
    db
      .select({ count: count() })
      .from(emailSends)
      .where(and(eq(emailSends.tenantId, tenantId), eq(emailSends.state, 'sent'), gte(emailSends.sentAt, instantOfWallClock(today, 0, timeZone)))),
    getConnectionStatus(db, tenantId),
    hasActiveSubscription(db, tenantId, now),
  ]);
  const nextCheck = configuration && subscribed ? await nextScheduledCheck(db, tenantId, configuration, now) : null;
  return {
    activeUsers: lastRun?.summary?.usersInScope ?? 0,
    expiringSoon: configuration ? (expiring?.count ?? 0) : 0,
    emailsSentToday: sentToday?.count ?? 0,
    nextCheck: nextCheck?.toISOString() ?? null,
    lastRun: lastRun?.finishedAt?.toISOString() ?? null,
    automationEnabled: configuration?.automationEnabled ?? false,
    connectionStatus: connection.connectionStatus,
    configured: connection.configured,
  };
}
