import { and, between, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DashboardStats } from '../../shared/api/dashboard.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays } from '../../shared/domain/local-date.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time-zones.js';
import { instantOfWallClock } from '../../shared/domain/zoned-time.js';
import { nextCheckAfter } from '../automation/next-scheduled-check.js';
import { effectiveStatus } from '../billing/subscription-state.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { automationRuns, automationSchedules, billingSubscriptions, configurations, emailSends, passwordExpirations, tenants } from '../db/schema/index.js';

/**
 * GET /api/dashboard-stats: the four stat cards, the automation card and the header badge. The
 * dashboard polls it, so it costs two queries: one for what is keyed by the organization alone,
 * one for the counts that depend on "today" in the organization's time zone.
 */
export async function dashboardStats(deps: { db: Database; clock: Clock }, tenantId: string): Promise<DashboardStats> {
  const { db } = deps;
  const now = deps.clock();
  const latestCompletedRun = (column: typeof automationRuns.finishedAt | typeof automationRuns.summary) =>
    db
      .select({ value: column })
      .from(automationRuns)
      .where(and(eq(automationRuns.tenantId, tenantId), eq(automationRuns.status, 'completed')))
      .orderBy(desc(automationRuns.finishedAt))
      .limit(1);
  const [state] = await db
    .select({
      // Null when the organization has not saved its configuration (a left join of nothing).
      configuration: {
        timeZone: configurations.timeZone,
        daysBeforeExpiration: configurations.daysBeforeExpiration,
        automationEnabled: configurations.automationEnabled,
        checkTime: configurations.checkTime,
        weekendProcessing: configurations.weekendProcessing,
        connectionStatus: configurations.connectionStatus,
      },
      subscriptionStatus: tenants.subscriptionStatus,
      currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
      lastRunDay: automationSchedules.lastRunDay,
      lastRunAt: sql<Date | null>`(${latestCompletedRun(automationRuns.finishedAt)})`.mapWith(automationRuns.finishedAt),
      lastRunSummary: sql<Record<string, number> | null>`(${latestCompletedRun(automationRuns.summary)})`.mapWith(automationRuns.summary),
    })
    .from(tenants)
    .leftJoin(configurations, eq(configurations.tenantId, tenants.id))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.tenantId, tenants.id))
    .leftJoin(automationSchedules, eq(automationSchedules.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  const configuration = state?.configuration ?? null;
  const timeZone = configuration?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDateOf(now, timeZone);
  const window = configuration?.daysBeforeExpiration ?? 0;

  const expiring = db
    .select({ count: count() })
    .from(passwordExpirations)
    .where(and(eq(passwordExpirations.tenantId, tenantId), between(passwordExpirations.expiryDate, today, addDays(today, window))));
  // Only mail Graph accepted counts as sent.
  const sentToday = db
    .select({ count: count() })
    .from(emailSends)
    .where(and(eq(emailSends.tenantId, tenantId), eq(emailSends.state, 'sent'), gte(emailSends.sentAt, instantOfWallClock(today, 0, timeZone))));
  const [counts] = await db
    .select({ expiringSoon: sql<number>`(${expiring})`.mapWith(Number), emailsSentToday: sql<number>`(${sentToday})`.mapWith(Number) })
    .from(tenants)
    .where(eq(tenants.id, tenantId));

  const subscribed = state ? effectiveStatus({ status: state.subscriptionStatus, currentPeriodEnd: state.currentPeriodEnd, cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? false }, now) === 'active' : false;
  const nextCheck = configuration && subscribed ? nextCheckAfter(configuration, now, state?.lastRunDay ?? null) : null;
  return {
    activeUsers: state?.lastRunSummary?.usersInScope ?? 0,
    expiringSoon: configuration ? (counts?.expiringSoon ?? 0) : 0,
    emailsSentToday: counts?.emailsSentToday ?? 0,
    nextCheck: nextCheck?.toISOString() ?? null,
    lastRun: state?.lastRunAt?.toISOString() ?? null,
    automationEnabled: configuration?.automationEnabled ?? false,
    connectionStatus: configuration?.connectionStatus ?? 'unknown',
    configured: configuration !== null,
  };
}
