// Mail that follows the calendar rather than an event: the weekly report (Monday from 08:00 in the
// organization's time zone) and the helpdesk digest (once a day, after the day's check and its
// reminders are through). Each period is claimed in the transaction that queues its mail, so it
// is composed once however many instances look.
import { and, asc, count, eq, exists, gte, inArray, lt, notExists, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { warningThresholdFor } from '../../shared/domain/client-secret-expiry.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays, dayOfWeek, daysBetween, type LocalDate } from '../../shared/domain/local-date.js';
import { wallClockOf } from '../../shared/domain/zoned-time.js';
import type { Database } from '../db/client.js';
import { accountMailPeriods, automationRuns, configurations, emailSends, helpdeskDigestSettings, passwordExpirations, tenants } from '../db/schema/index.js';
import { queueForAddress, queueForMembers } from './outbox.js';
import type { ListedUser } from './payloads.js';
import { utcMinute } from '../../shared/domain/utc-minute.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const MONDAY = 1;
/** The weekly report goes out from this hour on Monday, organization time. */
const WEEKLY_REPORT_HOUR = 8;
const REPORT_DAYS_AHEAD = 14;
/** People named in a report; the rest are counted. */
const REPORT_LIST_LIMIT = 25;
/** People named in a helpdesk digest per list (a mail, not a spreadsheet); the rest are counted. */
const DIGEST_LIST_LIMIT = 200;
const WEEK_MS = 7 * DAY_MS;

/** Claims a period; false when another pass (or instance) already composed it. */
type PeriodKind = (typeof accountMailPeriods.$inferInsert)['kind'];

async function claimPeriod(tx: Transaction, tenantId: string, kind: PeriodKind, period: LocalDate, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(accountMailPeriods)
    .values({ tenantId, kind, period, createdAt: now })
    .onConflictDoNothing()
    .returning({ tenantId: accountMailPeriods.tenantId });
  return claimed.length > 0;
}

/** Organizations with a configuration, their zone and the period `dueIn` says is due (null: nothing due), not composed yet. */
async function duePeriods(
  db: Database,
  kind: PeriodKind,
  dueIn: (timeZone: string, secretExpiresAt: string | null) => string | null,
  tenantIds?: readonly string[],
) {
  const rows = await db
    .select({ tenantId: configurations.tenantId, timeZone: configurations.timeZone, secretExpiresAt: configurations.clientSecretExpiresAt })
    .from(configurations)
    .where(tenantIds ? inArray(configurations.tenantId, [...tenantIds]) : undefined);
  const due = rows.flatMap((row) => {
    const period = dueIn(row.timeZone, row.secretExpiresAt);
    return period ? [{ ...row, period }] : [];
  });
  if (due.length === 0) return [];
  const done = await db
    .select({ tenantId: accountMailPeriods.tenantId, period: accountMailPeriods.period })
    .from(accountMailPeriods)
    .where(
      and(
        eq(accountMailPeriods.kind, kind),
        inArray(
          accountMailPeriods.tenantId,
          due.map((row) => row.tenantId),
        ),
      ),
    );
  const composed = new Set(done.map((row) => `${row.tenantId}|${row.period}`));
  return due.filter((row) => !composed.has(`${row.tenantId}|${row.period}`));
}

/**
 * Security alert: the client secret expires within 30, 14, 7 or 1 days (or today). Only the
 * nearest threshold is mailed: a secret first recorded with 5 days left gets the 7-day alert, not
 * three at once.
 */
export async function queueSecretExpiryAlerts(db: Database, now: Date): Promise<number> {
  const daysLeftOf = (timeZone: string, expiresAt: string) => daysBetween(localDateOf(now, timeZone), expiresAt);
  const due = await duePeriods(db, 'secret_expiry', (timeZone, expiresAt) => {
    if (expiresAt === null) return null;
    const daysLeft = daysLeftOf(timeZone, expiresAt);
    // The dashboard's warning steps; each is mailed once, the last one on the day itself too.
    const threshold = daysLeft < 0 ? null : warningThresholdFor(daysLeft);
    return threshold === null ? null : `${expiresAt}:${threshold}`;
  });
  let queued = 0;
  for (const { tenantId, timeZone, period } of due) {
    const expiresOn = period.slice(0, period.indexOf(':'));
    queued += await db.transaction(async (tx) => {
      if (!(await claimPeriod(tx, tenantId, 'secret_expiry', period, now))) return 0;
      return queueForMembers(
        tx,
        tenantId,
        `secret-expiring:${tenantId}:${period}`,
        { type: 'secret_expiring', expiresOn, daysLeft: daysLeftOf(timeZone, expiresOn) },
        now,
      );
    });
  }
  return queued;
}

const listedUser = {
  name: passwordExpirations.userDisplayName,
  email: passwordExpirations.userEmail,
  expiryDate: sql<string>`${passwordExpirations.expiryDate}`,
};

/** Queues this week's report for the organizations where it is Monday, 08:00 or later, and it was not composed yet. */
export async function queueWeeklyReports(db: Database, now: Date): Promise<number> {
  const due = await duePeriods(db, 'weekly_report', (timeZone) => {
    const today = localDateOf(now, timeZone);
    return dayOfWeek(today) === MONDAY && wallClockOf(now, timeZone).hour >= WEEKLY_REPORT_HOUR ? today : null;
  });
  let queued = 0;
  for (const { tenantId, period } of due) queued += await db.transaction((tx) => composeWeeklyReport(tx, tenantId, period, now));
  return queued;
}

/**
 * Demo mode's "Send weekly report now": the organization's report as of today, whatever the day,
 * once a day. When no member has Weekly Reports on, nothing is claimed, so turning the toggle on
 * and asking again still sends it.
 */
export async function queueWeeklyReportNow(db: Database, tenantId: string, now: Date): Promise<number> {
  const [configuration] = await db.select({ timeZone: configurations.timeZone }).from(configurations).where(eq(configurations.tenantId, tenantId));
  if (!configuration) return 0;
  const period = localDateOf(now, configuration.timeZone);
  try {
    return await db.transaction(async (tx) => {
      const queued = await composeWeeklyReport(tx, tenantId, period, now);
      if (queued === 0) tx.rollback();
      return queued;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return 0;
    throw error;
  }
}

/** Claims the organization's report of `period` and queues it for the members who want it; 0 when claimed before. */
async function composeWeeklyReport(tx: Transaction, tenantId: string, period: LocalDate, now: Date): Promise<number> {
  if (!(await claimPeriod(tx, tenantId, 'weekly_report', period, now))) return 0;
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const reminders = and(eq(emailSends.tenantId, tenantId), eq(emailSends.kind, 'reminder'));
  const [[sent], [failed], expiring, [expiringTotal], [connection]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(emailSends)
      .where(and(reminders, eq(emailSends.state, 'sent'), gte(emailSends.sentAt, weekAgo))),
    tx
      .select({ n: count() })
      .from(emailSends)
      .where(and(reminders, eq(emailSends.state, 'failed'), gte(emailSends.lastAttemptAt, weekAgo))),
    tx
      .select(listedUser)
      .from(passwordExpirations)
      .where(expiringWithin(tenantId, period))
      .orderBy(asc(passwordExpirations.expiryDate), asc(passwordExpirations.userDisplayName))
      .limit(REPORT_LIST_LIMIT),
    tx.select({ n: count() }).from(passwordExpirations).where(expiringWithin(tenantId, period)),
    tx
      .select({ status: configurations.connectionStatus, message: configurations.connectionMessage, checkedAt: configurations.connectionCheckedAt })
      .from(configurations)
      .where(eq(configurations.tenantId, tenantId)),
  ]);
  return queueForMembers(
    tx,
    tenantId,
    `weekly-report:${tenantId}:${period}`,
    {
      type: 'weekly_report',
      weekOf: period,
      sent: sent?.n ?? 0,
      failed: failed?.n ?? 0,
      expiringSoon: expiring,
      expiringSoonTotal: expiringTotal?.n ?? 0,
      connection: {
        status: connection?.status ?? 'unknown',
        message: connection?.message ?? null,
        checkedAt: connection?.checkedAt ? utcMinute(connection.checkedAt) : null,
      },
    },
    now,
  );
}

function expiringWithin(tenantId: string, today: LocalDate) {
  return and(
    eq(passwordExpirations.tenantId, tenantId),
    gte(passwordExpirations.expiryDate, today),
    sql`${passwordExpirations.expiryDate} <= ${addDays(today, REPORT_DAYS_AHEAD)}`,
  );
}

/**
 * Queues today's helpdesk digest for each organization with a helpdesk address once its check of
 * the day has completed and that day's reminders are no longer waiting to go out (a reminder still
 * queued would otherwise be listed as never sent).
 */
export async function queueHelpdeskDigests(db: Database, now: Date): Promise<number> {
  const withAddress = await db.select({ tenantId: helpdeskDigestSettings.tenantId, address: helpdeskDigestSettings.address }).from(helpdeskDigestSettings);
  if (withAddress.length === 0) return 0;
  const addressOf = new Map(withAddress.map((row) => [row.tenantId, row.address]));
  const due = await duePeriods(db, 'helpdesk_digest', (timeZone) => localDateOf(now, timeZone), [...addressOf.keys()]);
  let queued = 0;
  for (const { tenantId, period } of due) {
    const checked = and(eq(automationRuns.tenantId, tenantId), eq(automationRuns.localDay, period), eq(automationRuns.status, 'completed'));
    const sending = and(eq(emailSends.tenantId, tenantId), eq(emailSends.localDay, period), inArray(emailSends.state, ['queued', 'sending']));
    const [ready] = await db
      .select({ organization: tenants.name })
      .from(tenants)
      .where(
        and(
          eq(tenants.id, tenantId),
          exists(db.select({ one: sql`1` }).from(automationRuns).where(checked)),
          notExists(db.select({ one: sql`1` }).from(emailSends).where(sending)),
        ),
      );
    if (!ready) continue;
    const added = await db.transaction(async (tx) => {
      if (!(await claimPeriod(tx, tenantId, 'helpdesk_digest', period, now))) return false;
      const ofTenant = eq(passwordExpirations.tenantId, tenantId);
      const reminded = tx
        .select({ one: sql`1` })
        .from(emailSends)
        .where(
          and(
            eq(emailSends.tenantId, tenantId),
            eq(emailSends.graphUserId, passwordExpirations.graphUserId),
            eq(emailSends.expiryDate, passwordExpirations.expiryDate),
            eq(emailSends.state, 'sent'),
          ),
        );
      const byExpiry = [asc(passwordExpirations.expiryDate), asc(passwordExpirations.userDisplayName)];
      const listed = async (where: SQL | undefined): Promise<{ users: ListedUser[]; total: number }> => {
        const [users, [total]] = await Promise.all([
          tx
            .select(listedUser)
            .from(passwordExpirations)
            .where(where)
            .orderBy(...byExpiry)
            .limit(DIGEST_LIST_LIMIT),
          tx.select({ n: count() }).from(passwordExpirations).where(where),
        ]);
        return { users, total: total?.n ?? 0 };
      };
      const today = await listed(and(ofTenant, eq(passwordExpirations.expiryDate, period)));
      const expired = await listed(and(ofTenant, lt(passwordExpirations.expiryDate, period), notExists(reminded)));
      return queueForAddress(
        tx,
        tenantId,
        `helpdesk-digest:${tenantId}:${period}`,
        addressOf.get(tenantId)!,
        {
          type: 'helpdesk_digest',
          organization: ready.organization,
          day: period,
          expiringToday: today.users,
          expiringTodayTotal: today.total,
          expiredNotReminded: expired.users,
          expiredNotRemindedTotal: expired.total,
        },
        now,
      );
    });
    if (added) queued += 1;
  }
  return queued;
}
