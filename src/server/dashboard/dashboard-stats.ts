import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DashboardStats } from '../../shared/api/dashboard.js';
import type { LocalDate } from '../../shared/domain/local-date.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time-zones.js';
import { nextCheckAfter } from '../automation/index.js';
import { type ConfigurationRow, guessTimeZone, noteTimeZone, todayIn } from '../configuration/index.js';
import { effectiveStatus } from '../billing/index.js';
import type { Database } from '../db/client.js';
import { instantOf, preparedArrayRows } from '../db/array-rows.js';
import { preparedPerDatabase } from '../db/prepared-per-database.js';
import { automationRuns, automationSchedules, billingSubscriptions, configurations, emailSends, passwordExpirations, tenants } from '../db/schema/index.js';

type TenantRow = typeof tenants.$inferSelect;

/** What the dashboard and the organizations overview read of a configuration: the calendar, the schedule, the connection. */
export const configurationColumns = {
  timeZone: configurations.timeZone,
  daysBeforeExpiration: configurations.daysBeforeExpiration,
  automationEnabled: configurations.automationEnabled,
  checkTime: configurations.checkTime,
  weekendProcessing: configurations.weekendProcessing,
  connectionStatus: configurations.connectionStatus,
};

/**
 * The dashboard polls its stats, so they cost one prepared statement (built and planned once per
 * connection): what is keyed by the organization alone, with the counts that depend on "today"
 * counted from today in a time zone guessed beforehand. The statement reads the stored zone too;
 * should the guess be wrong (the zone changed since), the counts alone are read again.
 */
function prepareQueries(db: Database) {
  const tenantId = sql.placeholder('tenantId');
  const latestCompletedRun = (column: typeof automationRuns.finishedAt | typeof automationRuns.summary) =>
    db
      .select({ value: column })
      .from(automationRuns)
      .where(and(eq(automationRuns.tenantId, tenantId), eq(automationRuns.status, 'completed')))
      .orderBy(desc(automationRuns.finishedAt))
      .limit(1);
  const expiring = db
    .select({ count: count() })
    .from(passwordExpirations)
    // Expiring soon (src/shared/domain/expiring-soon.ts): the users table's rows from today on; the check left out
    // those listed only for the projections, so the card, the table's filter and the check's message count the same.
    .where(
      and(eq(passwordExpirations.tenantId, tenantId), gte(passwordExpirations.expiryDate, sql.placeholder('today')), eq(passwordExpirations.lookAhead, false)),
    );
  // Only mail Graph accepted counts as sent.
  const sentToday = db
    .select({ count: count() })
    .from(emailSends)
    .where(and(eq(emailSends.tenantId, tenantId), eq(emailSends.state, 'sent'), gte(emailSends.sentAt, sql.placeholder('startOfToday'))));
  const countColumns = { expiringSoon: sql<number>`(${expiring})`.mapWith(Number), emailsSentToday: sql<number>`(${sentToday})`.mapWith(Number) };
  // Its row as an array (src/server/db/array-rows.ts), in the order selected: see StateRow.
  const state = preparedArrayRows(
    db,
    'dashboard_state',
    db
      .select({
        ...configurationColumns,
        subscriptionStatus: tenants.subscriptionStatus,
        currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
        lastRunDay: automationSchedules.lastRunDay,
        lastRunAt: sql`(${latestCompletedRun(automationRuns.finishedAt)})`,
        lastRunSummary: sql`(${latestCompletedRun(automationRuns.summary)})`,
        ...countColumns,
      })
      .from(tenants)
      .leftJoin(configurations, eq(configurations.tenantId, tenants.id))
      .leftJoin(billingSubscriptions, eq(billingSubscriptions.tenantId, tenants.id))
      .leftJoin(automationSchedules, eq(automationSchedules.tenantId, tenants.id))
      .where(eq(tenants.id, tenantId))
      .getSQL(),
  );

  const counts = db.select(countColumns).from(tenants).where(eq(tenants.id, tenantId)).prepare('dashboard_counts');
  return { state, counts };
}

type DashboardConfiguration = Pick<ConfigurationRow, keyof typeof configurationColumns>;

/**
 * The row of `dashboard_state`, in the order selected: the configuration's columns (all null when
 * the organization has not saved one: a left join of nothing), then the rest. Instants come as
 * PostgreSQL writes them; counts are bigints, which arrive as text.
 */
type StateRow = [
  timeZone: string | null,
  daysBeforeExpiration: number | null,
  automationEnabled: boolean | null,
  checkTime: string | null,
  weekendProcessing: DashboardConfiguration['weekendProcessing'] | null,
  connectionStatus: DashboardConfiguration['connectionStatus'] | null,
  subscriptionStatus: TenantRow['subscriptionStatus'],
  currentPeriodEnd: string | null,
  cancelAtPeriodEnd: boolean | null,
  lastRunDay: LocalDate | null,
  lastRunAt: string | null,
  lastRunSummary: Record<string, number> | null,
  expiringSoon: string,
  emailsSentToday: string,
];

function configurationOf(row: StateRow): DashboardConfiguration | null {
  const [timeZone, daysBeforeExpiration, automationEnabled, checkTime, weekendProcessing, connectionStatus] = row;
  // The columns are NOT NULL: one null, all null (no configuration saved).
  if (
    timeZone === null ||
    daysBeforeExpiration === null ||
    automationEnabled === null ||
    checkTime === null ||
    weekendProcessing === null ||
    connectionStatus === null
  )
    return null;
  return { timeZone, daysBeforeExpiration, automationEnabled, checkTime, weekendProcessing, connectionStatus };
}

const preparedQueries = preparedPerDatabase(prepareQueries);

/** The statements' parameters for "today" in `timeZone`: its date, and the instant it began. */
function dayParameters(timeZone: string, now: Date): { today: string; startOfToday: Date } {
  const { today, startOfToday } = todayIn(timeZone, now);
  return { today, startOfToday };
}

/** What the stat cards are worked out from: the organization's row, and its counts from `today` in its zone. */
export interface DashboardState {
  state: StateRow | undefined;
  counts: { expiringSoon: number; emailsSentToday: number } | undefined;
  timeZone: string;
  today: string;
}

/** The organization's state and counts as of `now` (one statement when the zone guessed is the stored one). */
export async function readDashboardState(db: Database, tenantId: string, now: Date): Promise<DashboardState> {
  const queries = preparedQueries(db);
  const guessed = guessTimeZone(tenantId);
  const [state] = (await queries.state({ tenantId, ...dayParameters(guessed, now) })) as StateRow[];
  const configuration = state ? configurationOf(state) : null;
  const timeZone = configuration?.timeZone ?? DEFAULT_TIME_ZONE;
  noteTimeZone(tenantId, timeZone);
  const [counts] =
    timeZone === guessed
      ? [state ? { expiringSoon: Number(state[12]), emailsSentToday: Number(state[13]) } : undefined]
      : await queries.counts.execute({ tenantId, ...dayParameters(timeZone, now) });
  return { state, counts, timeZone, today: todayIn(timeZone, now).today };
}

/** The four stat cards, the automation card and the header badge, from the state read and the time now. */
export function dashboardStatsOf({ state, counts }: DashboardState, now: Date): DashboardStats {
  const configuration = state ? configurationOf(state) : null;
  const subscribed = state
    ? effectiveStatus({ status: state[6], currentPeriodEnd: instantOf(state[7]), cancelAtPeriodEnd: state[8] ?? false }, now) === 'active'
    : false;
  const nextCheck = configuration && subscribed ? nextCheckAfter(configuration, now, state?.[9] ?? null) : null;
  return {
    activeUsers: state?.[11]?.usersInScope ?? 0,
    expiringSoon: configuration ? (counts?.expiringSoon ?? 0) : 0,
    emailsSentToday: counts?.emailsSentToday ?? 0,
    nextCheck: nextCheck?.toISOString() ?? null,
    lastRun: instantOf(state?.[10] ?? null)?.toISOString() ?? null,
    automationEnabled: configuration?.automationEnabled ?? false,
    connectionStatus: configuration?.connectionStatus ?? 'unknown',
    configured: configuration !== null,
  };
}
