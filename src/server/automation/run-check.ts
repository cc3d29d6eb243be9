import { and, eq, sql } from 'drizzle-orm';
import type { CheckSummary } from '../../shared/api/dashboard.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import type { LocalDate } from '../../shared/domain/local-date.js';
import { EXPIRING_SOON_LABEL, expiringSoonUntil } from '../../shared/domain/expiring-soon.js';
import { formatDateUs } from '../../shared/domain/us-format.js';
import { notifyCheckFailed } from '../account-mail/index.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { withRunLocks } from './interrupted-runs.js';
import { graphClientFor, type GraphConnection, loadGraphConnection, trackConnection } from '../configuration/index.js';
import { automationRuns } from '../db/schema/index.js';
import { GraphError } from '../integrations/graph/index.js';
import { scanDirectory } from '../directory/index.js';
import {
  type NewEmailSend,
  type NewPasswordExpiration,
  type NotificationServices,
  planEmails,
  type PlannedReminder,
  removeUncheckedRecords,
  senderMailboxOf,
  upsertExpirationRecords,
} from '../notifications/index.js';
import { sendErrorReason, type SendErrorKind } from '../../shared/domain/send-errors.js';
import { userAssessor, type CheckPolicy } from './due-users.js';
import { findReminderThresholds, LIST_AHEAD_DAYS } from '../reminder-policy/index.js';
import { recordCheckFinished, recordCheckStarted } from '../metrics/registry.js';
import { startOnPremisesCheck } from '../on-premises/index.js';

export interface CheckResult {
  summary: CheckSummary;
  message: string;
}

/** Why the day's earlier reminders failed, per kind, for those this check retried and those it did not. */
interface EarlierFailures {
  retried: Map<SendErrorKind, number>;
  notRetried: Map<SendErrorKind, number>;
}

interface StartedRun {
  id: string;
  trigger: 'schedule' | 'manual';
  actorUserId: string | null;
}

/**
 * Rows written per statement while the directory streams in: about one Graph page (999 users, of
 * whom the listed ones are written). Each batch is one multi-row statement per table.
 */
const WRITE_BATCH = 1000;
/**
 * Batches being written at once while the scan reads on, each on its own connection. The users
 * table's indexes make a batch cost PostgreSQL about as long as reading a page takes, so with one
 * batch at a time the scan waited for the database; the next batch waits only for the oldest.
 */
const WRITES_IN_FLIGHT = 2;

/** POST /api/run-check: a check now, whatever ran before today. */
export async function runManualCheck(services: NotificationServices, tenantId: string, actorUserId: string): Promise<CheckResult> {
  return withRunLocks(services.db.$client, async (locks) => {
    // Run Now during a scheduled check (or another admin's Run Now) waits for it, then reads afresh.
    await locks.checkOrganizationAlone(tenantId);
    const connection = await loadGraphConnection(services, tenantId);
    const startedAt = services.clock();
    const [run] = await services.db
      .insert(automationRuns)
      .values({
        tenantId,
        trigger: 'manual',
        localDay: localDateOf(startedAt, connection.configuration.timeZone),
        status: 'running',
        requestedByUserId: actorUserId,
        startedAt,
      })
      .returning({ id: automationRuns.id });
    if (!run) throw new Error('automation_runs insert returned no row');
    await locks.hold(run.id);
    return executeCheck(services, tenantId, connection, { id: run.id, trigger: 'manual', actorUserId }, startedAt);
  });
}

/**
 * The scheduler's check of `scheduledDay`, or null when that day's check already completed or
 * another live process is running it (the day's lock). A retry after a crash takes the day's row
 * over and runs again (planning is idempotent). A Run Now of the organization that is under way
 * is waited for.
 */
export async function runScheduledCheckOf(services: NotificationServices, tenantId: string, scheduledDay: LocalDate): Promise<CheckResult | null> {
  return withRunLocks(services.db.$client, async (locks) => {
    if (!(await locks.claimDay(tenantId, scheduledDay))) return null;
    await locks.checkOrganizationAlone(tenantId);
    const connection = await loadGraphConnection(services, tenantId);
    const startedAt = services.clock();
    const [run] = await services.db
      .insert(automationRuns)
      .values({ tenantId, trigger: 'schedule', localDay: scheduledDay, status: 'running', startedAt })
      .onConflictDoUpdate({
        target: [automationRuns.tenantId, automationRuns.localDay],
        targetWhere: sql`trigger = 'schedule'`,
        set: { status: 'running', startedAt, finishedAt: null },
        setWhere: sql`${automationRuns.status} <> 'completed'`,
      })
      .returning({ id: automationRuns.id });
    if (!run) return null;
    await locks.hold(run.id);
    return executeCheck(services, tenantId, connection, { id: run.id, trigger: 'schedule', actorUserId: null }, startedAt);
  });
}

/**
 * One password check: reads the directory (the scan applies the group filters and the expiry
 * engine), replaces the users table, writes a ledger row for each due user (one per user, expiry
 * and day: a second check the same day adds none), asks for the mail to be sent, and records the
 * run and its outcome in the audit log.
 */
async function executeCheck(
  services: NotificationServices,
  tenantId: string,
  connection: GraphConnection,
  run: StartedRun,
  startedAt: Date,
): Promise<CheckResult> {
  const { db, clock } = services;
  const who = run.actorUserId ? `by ${await actorNameOf(db, run.actorUserId)}` : '(scheduled)';
  const audit = { actorUserId: run.actorUserId, details: { runId: run.id, trigger: run.trigger } };
  recordCheckStarted(run.trigger);
  try {
    const { summary, failures, expiringUntil } = await checkDirectory(services, tenantId, connection, run.id, startedAt);
    const message = describeCheck(summary, expiringUntil, failures);
    const finishedAt = clock();
    await db.transaction(async (tx) => {
      await tx
        .update(automationRuns)
        .set({ status: 'completed', summary: { ...summary }, message, finishedAt })
        .where(eq(automationRuns.id, run.id));
      await recordAudit(tx, tenantId, {
        category: 'automation',
        status: summary.withoutMailbox > 0 || summary.retried > 0 || summary.notRetried > 0 ? 'warning' : 'success',
        message: `Password check ${who}: ${message}`,
        ...audit,
        details: { ...audit.details, summary },
        createdAt: finishedAt,
      });
    });
    recordCheckFinished(run.trigger, 'completed', summary.scannedUsers);
    if (summary.queued > 0) await services.drains.request(tenantId);
    return { summary, message };
  } catch (error) {
    const reason = error instanceof GraphError ? error.actionableMessage : 'an internal error stopped it';
    const failedAt = clock();
    await db.transaction(async (tx) => {
      await tx.update(automationRuns).set({ status: 'failed', message: reason, finishedAt: failedAt }).where(eq(automationRuns.id, run.id));
      await recordAudit(tx, tenantId, {
        category: 'automation',
        status: 'error',
        message: `Password check ${who} failed: ${reason}`,
        ...audit,
        createdAt: failedAt,
      });
      await notifyCheckFailed(tx, tenantId, run.id, reason, failedAt);
    });
    recordCheckFinished(run.trigger, 'failed', null);
    throw error;
  }
}

async function checkDirectory(
  services: NotificationServices,
  tenantId: string,
  connection: GraphConnection,
  runId: string,
  now: Date,
): Promise<{ summary: CheckSummary; failures: EarlierFailures; expiringUntil: LocalDate }> {
  const { db } = services;
  const { configuration } = connection;
  const policy: CheckPolicy = {
    today: localDateOf(now, configuration.timeZone),
    timeZone: configuration.timeZone,
    daysBeforeExpiration: configuration.daysBeforeExpiration,
    weekendProcessing: configuration.weekendProcessing,
    thresholds: await findReminderThresholds(db, tenantId),
    listAheadDays: LIST_AHEAD_DAYS,
  };
  const assess = userAssessor(policy);
  const senderMailbox = senderMailboxOf(configuration.fromEmail);
  const summary: CheckSummary = {
    scannedUsers: 0,
    usersInScope: 0,
    expiringUsers: 0,
    recentlyExpiredUsers: 0,
    dueUsers: 0,
    queued: 0,
    retried: 0,
    alreadyReminded: 0,
    inProgress: 0,
    notRetried: 0,
    withoutMailbox: 0,
  };
  const failures: EarlierFailures = { retried: new Map(), notRetried: new Map() };
  const tally = (planned: readonly PlannedReminder[]) => {
    for (const { outcome, reason } of planned) {
      if (outcome === 'new' || outcome === 'retried') summary.queued += 1;
      if (outcome === 'retried') summary.retried += 1;
      if (outcome === 'sent') summary.alreadyReminded += 1;
      if (outcome === 'pending') summary.inProgress += 1;
      if (outcome === 'not_retried') summary.notRetried += 1;
      const byReason = outcome === 'retried' ? failures.retried : outcome === 'not_retried' ? failures.notRetried : null;
      if (byReason && reason) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    }
  };
  let records: NewPasswordExpiration[] = [];
  let reminders: NewEmailSend[] = [];
  // Batches are written while the scan reads on, at most WRITES_IN_FLIGHT at once (bounded
  // memory). Their order does not matter: each user is one row of each table.
  const writes: Promise<void>[] = [];
  const flush = async () => {
    const batch = { records, reminders };
    records = [];
    reminders = [];
    if (writes.length >= WRITES_IN_FLIGHT) await writes.shift();
    const writing = (async () => {
      await upsertExpirationRecords(db, batch.records);
      tally(await planEmails(db, batch.reminders));
      // The counts so far, for the run's live progress; a batch that finishes after a later one does not set them back.
      const scannedUsers = scan.counts.totalUsers;
      await db
        .update(automationRuns)
        .set({ summary: { ...summary, scannedUsers } })
        .where(and(eq(automationRuns.id, runId), sql`coalesce((${automationRuns.summary} ->> 'scannedUsers')::int, 0) <= ${scannedUsers}`));
    })();
    // Surfaces at a later flush or at the end; must not go unhandled meanwhile.
    writing.catch(() => {});
    writes.push(writing);
  };

  const client = graphClientFor(services, connection);
  const onPremises = await startOnPremisesCheck(db, tenantId, now, client);
  const scan = scanDirectory(client, {
    includeGroups: configuration.includeGroups,
    excludeGroups: configuration.excludeGroups,
    passwordValidityDays: configuration.passwordValidityDays,
    timeZone: configuration.timeZone,
    now,
    onPremises: onPremises.inputFor,
  });
  await trackConnection(
    db,
    tenantId,
    services.clock,
    async () => {
      for await (const user of scan) {
        if (user.accountEnabled) summary.usersInScope += 1;
        const found = assess(user);
        if (!found.listed) continue;
        const listed = {
          tenantId,
          graphUserId: user.id,
          userEmail: user.email,
          userDisplayName: user.displayName,
          userPrincipalName: user.userPrincipalName,
          mailAddress: found.mailAddress,
          preferredLanguage: user.preferredLanguage,
          expiryReason: found.reason,
          expirySource: found.source,
          lookAhead: false,
          checkedAt: now,
        };
        if (!found.dated) {
          records.push(listed);
          if (records.length >= WRITE_BATCH) await flush();
          continue;
        }
        if (found.daysUntilExpiry < 0) summary.recentlyExpiredUsers += 1;
        else if (!found.lookAhead) summary.expiringUsers += 1;
        records.push({
          ...listed,
          passwordExpiresAt: new Date(found.expiresAt),
          expiryDate: found.expiryDate,
          validityDays: found.validityDays,
          lookAhead: found.lookAhead,
        });
        if (found.reminder) {
          summary.dueUsers += 1;
          if (found.mailAddress === null) summary.withoutMailbox += 1;
          else {
            reminders.push({
              tenantId,
              kind: 'reminder',
              graphUserId: user.id,
              recipient: found.mailAddress,
              displayName: user.displayName,
              userPrincipalName: user.userPrincipalName,
              language: user.preferredLanguage,
              expiryDate: found.expiryDate,
              threshold: found.reminder.threshold,
              localDay: policy.today,
              senderMailbox,
              runId,
              nextAttemptAt: now,
              createdAt: now,
            });
          }
        }
        if (records.length >= WRITE_BATCH) await flush();
      }
      await flush();
      for (const write of writes) await write;
    },
    client,
  );
  summary.scannedUsers = scan.counts.totalUsers;
  await removeUncheckedRecords(db, tenantId, now);
  await onPremises.finish();
  return { summary, failures, expiringUntil: expiringSoonUntil(policy) };
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'because the app lacked permission to send mail (Mail.Send)', or several: 'because X (3), Y (1)'. */
function because(reasons: ReadonlyMap<SendErrorKind, number>): string {
  const entries = [...reasons.entries()].sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return '';
  if (entries.length === 1) return ` because ${sendErrorReason(entries[0]![0])}`;
  return ` because ${entries.map(([kind, n]) => `${sendErrorReason(kind)} (${n.toLocaleString('en-US')})`).join(', ')}`;
}

/**
 * 'Checked 1,234 users: 12 passwords expiring soon (by 12/11/2026), 3 have expired in the last 30 days;
 * 10 reminders queued, 4 of them again after failing earlier today because ..., 2 users were
 * already reminded today.'
 */
function describeCheck(summary: CheckSummary, expiringUntil: LocalDate, failures: EarlierFailures): string {
  const found = [
    `${count(summary.expiringUsers, 'password', 'passwords')} ${EXPIRING_SOON_LABEL.toLowerCase()} (by ${formatDateUs(expiringUntil)})`,
    ...(summary.recentlyExpiredUsers > 0 ? [`${count(summary.recentlyExpiredUsers, 'has', 'have')} expired in the last 30 days`] : []),
  ];
  const done = [
    `${count(summary.queued, 'reminder', 'reminders')} queued`,
    ...(summary.retried > 0 ? [`${summary.retried.toLocaleString('en-US')} of them again after failing earlier ` + `today${because(failures.retried)}`] : []),
    ...(summary.alreadyReminded > 0 ? [`${count(summary.alreadyReminded, 'user was', 'users were')} already reminded today`] : []),
    ...(summary.inProgress > 0 ? [`${count(summary.inProgress, 'reminder', 'reminders')} of an earlier check today still being sent`] : []),
    ...(summary.notRetried > 0
      ? [
          `${count(summary.notRetried, 'reminder', 'reminders')} failed earlier today and ` +
            `${summary.notRetried === 1 ? 'is' : 'are'} not sent again automatically${because(failures.notRetried)} (see Recent Activity)`,
        ]
      : []),
    ...(summary.withoutMailbox > 0 ? [`${count(summary.withoutMailbox, 'due user has', 'due users have')} no mailbox address`] : []),
  ];
  return `Checked ${count(summary.usersInScope, 'user', 'users')}: ${found.join(', ')}; ${done.join(', ')}.`;
}
