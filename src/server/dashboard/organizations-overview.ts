import { and, asc, eq, gte, inArray, max, sql } from 'drizzle-orm';
import { FAILED_REMINDERS_DAYS, type OrganizationOverview } from '../../shared/api/organizations-overview.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time-zones.js';
import { nextCheckAfter } from '../automation/index.js';
import { effectiveStatus } from '../billing/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { automationRuns, automationSchedules, billingSubscriptions, configurations, emailSends, memberships, tenants } from '../db/schema/index.js';
import { configurationColumns } from './dashboard-stats.js';

/**
 * GET /api/organizations/overview: the organization picker grown up, for people with many
 * organizations. One query per figure for all of them together (the organizations with their
 * state, the latest checks, the expiry counts, the failed reminders), so 200 organizations cost
 * what 2 do.
 */
export async function organizationsOverview(deps: { db: Database; clock: Clock }, userId: string): Promise<OrganizationOverview[]> {
  const { db } = deps;
  const now = deps.clock();
  const organizations = await db
    .select({
      id: tenants.id,
      name: tenants.name,
      domain: tenants.domain,
      role: memberships.role,
      subscriptionStatus: tenants.subscriptionStatus,
      currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
      lastRunDay: automationSchedules.lastRunDay,
      configuration: configurationColumns,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .leftJoin(configurations, eq(configurations.tenantId, tenants.id))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.tenantId, tenants.id))
    .leftJoin(automationSchedules, eq(automationSchedules.tenantId, tenants.id))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(tenants.name), asc(tenants.id));
  if (organizations.length === 0) return [];
  const ids = organizations.map((organization) => organization.id);

  // "Today" is each organization's own calendar day. Expiring soon is the dashboard card's definition
  // (src/shared/domain/expiring-soon.ts): the users table's rows from today on, not those the check
  // listed only for the projections.
  const days = organizations.map((organization) => ({
    id: organization.id,
    today: localDateOf(now, organization.configuration?.timeZone ?? DEFAULT_TIME_ZONE),
  }));
  const [lastChecks, expiries, failures] = await Promise.all([
    db
      .select({ tenantId: automationRuns.tenantId, at: max(automationRuns.finishedAt) })
      .from(automationRuns)
      .where(and(inArray(automationRuns.tenantId, ids), eq(automationRuns.status, 'completed')))
      .groupBy(automationRuns.tenantId),
    db.execute<{ tenant_id: string; expiring_soon: number; expired: number; never_reminded: number }>(sql`
      select w.tenant_id,
        count(*) filter (where p.expiry_date >= w.today and not p.look_ahead)::int as expiring_soon,
        count(*) filter (where p.expiry_date < w.today)::int as expired,
        count(*) filter (where not p.look_ahead and p.last_notified_at is null)::int as never_reminded
      from unnest(${sql.param(days.map((day) => day.id))}::uuid[], ${sql.param(days.map((day) => day.today))}::date[]) as w(tenant_id, today)
      join password_expirations p on p.tenant_id = w.tenant_id
      group by w.tenant_id`),
    db
      .select({ tenantId: emailSends.tenantId, count: sql<number>`count(*)::int` })
      .from(emailSends)
      .where(
        and(
          inArray(emailSends.tenantId, ids),
          eq(emailSends.kind, 'reminder'),
          eq(emailSends.state, 'failed'),
          gte(emailSends.lastAttemptAt, new Date(now.getTime() - FAILED_REMINDERS_DAYS * DAY_MS)),
        ),
      )
      .groupBy(emailSends.tenantId),
  ]);
  const lastCheckOf = new Map(lastChecks.map((row) => [row.tenantId, row.at]));
  const expiryOf = new Map(expiries.rows.map((row) => [row.tenant_id, row]));
  const failedOf = new Map(failures.map((row) => [row.tenantId, row.count]));

  return organizations.map((organization) => {
    const { configuration } = organization;
    const subscription = effectiveStatus(
      { status: organization.subscriptionStatus, currentPeriodEnd: organization.currentPeriodEnd, cancelAtPeriodEnd: organization.cancelAtPeriodEnd ?? false },
      now,
    );
    const nextCheck = configuration && subscription === 'active' ? nextCheckAfter(configuration, now, organization.lastRunDay ?? null) : null;
    const expiry = expiryOf.get(organization.id);
    return {
      id: organization.id,
      name: organization.name,
      domain: organization.domain,
      role: organization.role,
      configured: configuration !== null,
      connectionStatus: configuration?.connectionStatus ?? 'unknown',
      expiringSoon: configuration ? (expiry?.expiring_soon ?? 0) : 0,
      expired: configuration ? (expiry?.expired ?? 0) : 0,
      neverReminded: configuration ? (expiry?.never_reminded ?? 0) : 0,
      lastCheck: lastCheckOf.get(organization.id)?.toISOString() ?? null,
      nextCheck: nextCheck?.toISOString() ?? null,
      failedReminders: failedOf.get(organization.id) ?? 0,
      subscriptionStatus: subscription,
    };
  });
}
