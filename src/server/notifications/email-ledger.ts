// The send ledger (db/schema/notifications.ts emailSends). A mail is sent at most once:
// - a row is written (queued) before Graph is called; reminders are unique per organization,
//   user, expiry and threshold (the days before the expiry day they were planned for; an
//   every-day reminder's threshold is the days left on its day), so planning twice plans nothing
//   more and each threshold of a reminder policy goes out once;
// - a worker claims one row at a time (queued -> sending, with a lease) under the mailbox lock,
//   calls sendMail once, and records the answer;
// - a row left in `sending` after its lease expired belonged to a worker that stopped between the
//   claim and recording Graph's answer. Graph's sendMail is not idempotent and there is no way to
//   ask whether it accepted the message, so such a row is NOT sent again: it is marked failed with
//   an "outcome unknown" error and reported in the audit log. The window is kept as small as
//   possible: the access token is fetched before the claim, nothing but rendering (no I/O) runs
//   between the claim and the request, and the answer is recorded as soon as it arrives. Nor is a
//   row judged so when the worker knows better: a claim whose commit went unanswered (a database
//   outage) is put back in the queue, and Graph's answer is written again until the database is
//   back, for as long as the row's lease lasts.
//   Queued rows are never lost: any worker resumes them.
// - only `sent` counts as reminded. A reminder that failed is re-queued by the next check that
//   plans the same threshold (planEmails; for every-day reminders, a check of the same day),
//   except when its outcome is unknown (it may have gone out) or Exchange refused the same
//   address again, or the password has expired meanwhile; it is never re-queued while queued,
//   sending, deferred or sent.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, min, sql, type SQL } from 'drizzle-orm';
import { notifyMailCarriedOver } from '../account-mail/index.js';
import { type AuditWriter, recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { unnestRows } from '../db/unnest-rows.js';
import { emailSends, mailboxHolds, passwordExpirations } from '../db/schema/index.js';
import { backoffDelayMs } from '../integrations/backoff.js';
import { mailboxLimitMessage } from '../integrations/graph/index.js';
import type { SendErrorKind } from '../../shared/domain/send-errors.js';
import { formatDateUs } from '../../shared/domain/us-format.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { decidePacing, RATE_WINDOW_MS, type MailboxLimits, type MailboxUsage, type PacingDecision } from './mailbox-pacing.js';
import { retryLedgerWrite } from './ledger-retry.js';
import type { RenderedEmail } from './render-email.js';
import { recordReminders } from '../metrics/registry.js';

export type EmailSendRow = typeof emailSends.$inferSelect;
export type NewEmailSend = typeof emailSends.$inferInsert;

export const OUTCOME_UNKNOWN_MESSAGE =
  'Outcome unknown: the sending worker stopped while Microsoft Graph was being called, so the mail may or may not ' +
  'have gone out. It is not sent again automatically, to avoid a duplicate; send it by hand if needed.';

/** 'Reminder to ada@contoso.com', 'Manual reminder to ...', 'Test email to ...'. */
function describeEmail(row: Pick<EmailSendRow, 'kind' | 'recipient'>): string {
  const kind = { reminder: 'Reminder', manual: 'Manual reminder', test: 'Test email' }[row.kind];
  return `${kind} to ${row.recipient}`;
}

/** Why a mail failed or waits, as the ledger records it. */
export interface SendProblem {
  reason: SendErrorKind;
  code: string;
  message: string;
}

/** Rows that wait to be sent: their turn (queued) or a retry time (deferred). */
const WAITING = ['queued', 'deferred'] as const;

/** Where each due user's reminder of the day stands after planning. */
export interface PlannedReminder {
  graphUserId: string;
  /** queued by this plan: new, or re-queued after failing earlier the same day */
  outcome: 'new' | 'retried' | 'sent' | 'pending' | 'not_retried';
  /** retried / not_retried: why the earlier attempt failed. */
  reason: SendErrorKind | null;
}

/**
 * Writes the day's reminders of the check `runId`, one per user, expiry and threshold. A reminder already
 * in the ledger stays as it is, unless it failed in a way worth another try: then it is queued
 * again, for this run, to the address the check found now. Not re-queued: an outcome unknown (it
 * may have gone out), an address Exchange refused that has not changed, and a reminder whose
 * password expired before it could go out. One statement, so a
 * row another worker is sending or has sent is never queued twice.
 */
export async function planEmails(db: Pick<Database, 'insert'>, rows: readonly NewEmailSend[]): Promise<PlannedReminder[]> {
  if (rows.length === 0) return [];
  const retry = sql`${emailSends.state} = 'failed'
    and ${emailSends.errorKind} is distinct from 'outcome_unknown'
    and ${emailSends.errorKind} is distinct from 'password_expired'
    and not (${emailSends.errorKind} is not distinct from 'recipient_invalid' and ${emailSends.recipient} = excluded.recipient)`;
  const whenRetried = (then: SQL, otherwise: SQL) => sql`case when ${retry} then ${then} else ${otherwise} end`;
  const planned = await db
    .insert(emailSends)
    .select(unnestRows(emailSends, rows))
    .onConflictDoUpdate({
      target: [emailSends.tenantId, emailSends.graphUserId, emailSends.expiryDate, emailSends.threshold],
      targetWhere: sql`${emailSends.kind} = 'reminder'`,
      // Every conflicting row is touched (to be returned); only a retried one changes.
      set: {
        state: whenRetried(sql`'queued'`, sql`${emailSends.state}`),
        recipient: whenRetried(sql.raw('excluded.recipient'), sql`${emailSends.recipient}`),
        displayName: whenRetried(sql.raw('excluded.display_name'), sql`${emailSends.displayName}`),
        language: whenRetried(sql.raw('excluded.language'), sql`${emailSends.language}`),
        senderMailbox: whenRetried(sql.raw('excluded.sender_mailbox'), sql`${emailSends.senderMailbox}`),
        runId: whenRetried(sql.raw('excluded.run_id'), sql`${emailSends.runId}`),
        nextAttemptAt: whenRetried(sql.raw('excluded.next_attempt_at'), sql`${emailSends.nextAttemptAt}`),
        deferrals: whenRetried(sql`0`, sql`${emailSends.deferrals}`),
      },
    })
    .returning({
      graphUserId: emailSends.graphUserId,
      state: emailSends.state,
      runId: emailSends.runId,
      errorKind: emailSends.errorKind,
      // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
      inserted: sql<boolean>`xmax = 0`,
    });
  const runId = rows[0]?.runId ?? null;
  const reminders = planned.map((row) => {
    const ours = runId !== null && row.runId === runId;
    const outcome: PlannedReminder['outcome'] =
      ours && row.inserted
        ? 'new'
        : ours && row.state === 'queued'
          ? 'retried'
          : row.state === 'sent'
            ? 'sent'
            : row.state === 'failed'
              ? 'not_retried'
              : 'pending';
    return { graphUserId: row.graphUserId ?? '', outcome, reason: outcome === 'retried' || outcome === 'not_retried' ? row.errorKind : null };
  });
  recordReminders('queued', reminders.filter((reminder) => reminder.outcome === 'new' || reminder.outcome === 'retried').length);
  return reminders;
}

export type ClaimResult =
  | { kind: 'claimed'; row: EmailSendRow }
  | Exclude<PacingDecision, { kind: 'go' }>
  /** Nothing to send now; `nextDueAt` is when a deferred row becomes due (null: none queued). */
  | { kind: 'empty'; nextDueAt: Date | null };

export interface ClaimRequest {
  tenantId: string;
  senderMailbox: string;
  limits: MailboxLimits;
  workerId: string;
  leaseMs: number;
  now: Date;
  /** Claim exactly this row (a manual or test mail being sent while the admin waits). */
  rowId?: string;
}

/**
 * Claims the next due row of an organization's mailbox if the mailbox's limits allow a send now.
 * The transaction-scoped advisory lock serializes claims per mailbox across every instance, so the
 * usage read and the claim are one atomic step.
 */
export async function claimNextEmail(db: Database, request: ClaimRequest): Promise<ClaimResult> {
  // Each claim has its own id, so a claim whose fate is unknown can be found and undone.
  const claimedBy = `${request.workerId}/${randomUUID().slice(0, 8)}`;
  try {
    return await claimIn(db, request, claimedBy);
  } catch (error) {
    // The claim may have committed although its answer was lost (the database went away during
    // the commit). Such a row was never handed to Graph: it goes back to the queue now, rather than
    // end "outcome unknown" when its lease runs out.
    await retryLedgerWrite(() => releaseUnsentClaim(db, claimedBy), request.leaseMs).catch(() => undefined);
    throw error;
  }
}

async function releaseUnsentClaim(db: Database, claimedBy: string): Promise<void> {
  await db
    .update(emailSends)
    .set({ state: 'queued', claimedBy: null, leaseUntil: null, attempts: sql`${emailSends.attempts} - 1` })
    .where(and(eq(emailSends.claimedBy, claimedBy), eq(emailSends.state, 'sending')));
}

async function claimIn(db: Database, request: ClaimRequest, claimedBy: string): Promise<ClaimResult> {
  const { now, senderMailbox } = request;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`passwatch:mailbox:${senderMailbox}`}, 0))`);
    const decision = decidePacing(await readMailboxUsage(tx, senderMailbox, now), request.limits, now);
    if (decision.kind !== 'go') return decision;
    const due = and(
      eq(emailSends.tenantId, request.tenantId),
      eq(emailSends.senderMailbox, senderMailbox),
      inArray(emailSends.state, WAITING),
      lte(emailSends.nextAttemptAt, now),
      request.rowId === undefined ? undefined : eq(emailSends.id, request.rowId),
    );
    const next = tx
      .select({ id: emailSends.id })
      .from(emailSends)
      .where(due)
      .orderBy(asc(emailSends.priority), asc(emailSends.nextAttemptAt), asc(emailSends.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await tx
      .update(emailSends)
      .set({
        state: 'sending',
        claimedBy,
        leaseUntil: new Date(now.getTime() + request.leaseMs),
        attempts: sql`${emailSends.attempts} + 1`,
        lastAttemptAt: now,
      })
      .where(inArray(emailSends.id, next))
      .returning();
    if (row) return { kind: 'claimed', row };
    const [pending] = await tx
      .select({ nextDueAt: min(emailSends.nextAttemptAt) })
      .from(emailSends)
      .where(and(eq(emailSends.tenantId, request.tenantId), eq(emailSends.senderMailbox, senderMailbox), inArray(emailSends.state, WAITING)));
    return { kind: 'empty', nextDueAt: pending?.nextDueAt ?? null };
  });
}

type Executor = Pick<Database, 'execute'>;

async function readMailboxUsage(db: Executor, senderMailbox: string, now: Date): Promise<MailboxUsage> {
  const windowStart = new Date(now.getTime() - RATE_WINDOW_MS);
  const dayStart = new Date(now.getTime() - DAY_MS);
  // Separate sub-selects, each answered from its own index.
  const result = await db.execute<Record<string, unknown>>(sql`
    select
      (select count(*) from email_sends where sender_mailbox = ${senderMailbox} and state = 'sending' and lease_until > ${now}) as in_flight,
      (select count(*) from email_sends where sender_mailbox = ${senderMailbox} and last_attempt_at > ${windowStart}) as attempts_in_window,
      (select min(last_attempt_at) from email_sends where sender_mailbox = ${senderMailbox} and last_attempt_at > ${windowStart}) as oldest_attempt,
      (select max(last_attempt_at) from email_sends where sender_mailbox = ${senderMailbox}) as last_attempt,
      (select count(*) from email_sends where sender_mailbox = ${senderMailbox} and state = 'sent' and sent_at > ${dayStart}) as sent_in_day,
      (select min(sent_at) from email_sends where sender_mailbox = ${senderMailbox} and state = 'sent' and sent_at > ${dayStart}) as oldest_sent,
      (select hold_until from mailbox_holds where sender_mailbox = ${senderMailbox}) as hold_until`);
  const row = result.rows[0] ?? {};
  const inFlight = Number(row.in_flight ?? 0);
  return {
    inFlight,
    attemptsInWindow: Number(row.attempts_in_window ?? 0),
    oldestAttemptInWindow: toDate(row.oldest_attempt),
    lastAttemptAt: toDate(row.last_attempt),
    // A mail in flight will most likely count against the day too.
    sentInDay: Number(row.sent_in_day ?? 0) + inFlight,
    oldestSentInDay: toDate(row.oldest_sent),
    holdUntil: toDate(row.hold_until),
  };
}

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** Graph accepted the mail: the row, the users table's "Last Notified" and the audit log, together. */
export async function markEmailSent(
  db: Database,
  row: EmailSendRow,
  rendered: RenderedEmail,
  now: Date,
  deliveredTo: readonly string[] | null = null,
): Promise<void> {
  const recorded = await db.transaction(async (tx) => {
    // Claimed by this worker; even when the lease ran out meanwhile, Graph's 202 is the truth.
    // Not when already sent: a retried write whose first commit went through records nothing twice.
    const [sent] = await tx
      .update(emailSends)
      .set({
        state: 'sent',
        sentAt: now,
        deliveredTo: deliveredTo === null ? null : [...deliveredTo],
        subject: rendered.subject,
        bodyHtml: rendered.html,
        bodyText: rendered.text,
        lastError: null,
        errorKind: null,
        errorCode: null,
        leaseUntil: null,
      })
      .where(and(eq(emailSends.id, row.id), eq(emailSends.claimedBy, row.claimedBy ?? ''), sql`${emailSends.state} <> 'sent'`))
      .returning({ id: emailSends.id });
    if (!sent) return false;
    if (row.graphUserId !== null) {
      await tx
        .update(passwordExpirations)
        .set({ lastNotifiedAt: now })
        .where(
          and(
            eq(passwordExpirations.tenantId, row.tenantId),
            eq(passwordExpirations.graphUserId, row.graphUserId),
            eq(passwordExpirations.expiryDate, row.expiryDate),
          ),
        );
    }
    await tx
      .update(mailboxHolds)
      .set({ consecutiveDeferrals: 0 })
      .where(and(eq(mailboxHolds.senderMailbox, row.senderMailbox), sql`${mailboxHolds.consecutiveDeferrals} > 0`));
    await recordAudit(tx, row.tenantId, {
      category: 'email',
      status: 'success',
      message:
        `${describeEmail(row)} sent (password expires ` +
        `${formatDateUs(row.expiryDate)})${deliveredTo === null ? '' : `, delivered to ${deliveredTo.join(', ')}`}`,
      actorUserId: row.requestedByUserId,
      details: { emailSendId: row.id, kind: row.kind, attempts: row.attempts },
      createdAt: now,
    });
    return true;
  });
  if (recorded) recordReminders('sent');
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
  random: () => number;
}

/** Most waits a mail may be asked for before it is given up. */
const MAX_DEFERRALS = 50;

/**
 * Graph said "wait" (throttling, outage, the mailbox's quota): the row is deferred and the whole
 * mailbox holds off. When Graph named the wait (Retry-After), exactly that long (up to the backoff's
 * cap): asking again sooner earns another 429, waiting longer only delays the mail. Without one,
 * an exponentially growing jittered backoff while the waits keep coming. Returns when the row is
 * due again, or null when it was given up.
 */
export async function deferEmail(
  db: Database,
  row: EmailSendRow,
  retryAfterMs: number,
  problem: SendProblem,
  backoff: Backoff,
  now: Date,
): Promise<Date | null> {
  const until = await db.transaction(async (tx) => {
    const [hold] = await tx.select().from(mailboxHolds).where(eq(mailboxHolds.senderMailbox, row.senderMailbox)).for('update');
    const consecutive = (hold?.consecutiveDeferrals ?? 0) + 1;
    const waitMs =
      retryAfterMs > 0
        ? Math.min(retryAfterMs, backoff.maxMs)
        : backoffDelayMs(consecutive, { baseDelayMs: backoff.baseMs, maxBackoffMs: backoff.maxMs, random: backoff.random });
    const until = new Date(Math.max(now.getTime() + waitMs, hold?.holdUntil.getTime() ?? 0));
    await tx
      .insert(mailboxHolds)
      .values({ senderMailbox: row.senderMailbox, holdUntil: until, consecutiveDeferrals: consecutive })
      .onConflictDoUpdate({ target: mailboxHolds.senderMailbox, set: { holdUntil: until, consecutiveDeferrals: consecutive } });
    if (row.deferrals + 1 >= MAX_DEFERRALS) {
      await failEmailIn(tx, row, { ...problem, message: `Given up after ${MAX_DEFERRALS} requests to wait: ${problem.message}` }, 'error', now);
      return null;
    }
    await tx
      .update(emailSends)
      .set({
        state: 'deferred',
        nextAttemptAt: until,
        deferrals: sql`${emailSends.deferrals} + 1`,
        lastError: problem.message,
        errorKind: problem.reason,
        errorCode: problem.code,
        leaseUntil: null,
      })
      .where(and(eq(emailSends.id, row.id), eq(emailSends.claimedBy, row.claimedBy ?? '')));
    return until;
  });
  recordReminders(until === null ? 'failed' : 'deferred');
  return until;
}

/** The mail will not go out: failed, with the reason, in the ledger and the audit log. */
export async function failEmail(db: Database, row: EmailSendRow, problem: SendProblem, status: 'error' | 'warning', now: Date): Promise<void> {
  await db.transaction((tx) => failEmailIn(tx, row, problem, status, now));
  recordReminders('failed');
}

async function failEmailIn(
  tx: Pick<Database, 'update'> & AuditWriter,
  row: EmailSendRow,
  problem: SendProblem,
  status: 'error' | 'warning',
  now: Date,
): Promise<void> {
  await tx
    .update(emailSends)
    .set({ state: 'failed', lastError: problem.message, errorKind: problem.reason, errorCode: problem.code, leaseUntil: null })
    .where(eq(emailSends.id, row.id));
  await recordAudit(tx, row.tenantId, {
    category: 'email',
    status,
    message: `${describeEmail(row)} failed: ${problem.message}`,
    actorUserId: row.requestedByUserId,
    details: { emailSendId: row.id, kind: row.kind, attempts: row.attempts, reason: problem.reason, code: problem.code },
    createdAt: now,
  });
}

/**
 * Every waiting mail of a mailbox fails with the same cause (the organization's credentials,
 * permissions or sender are wrong): one audit entry says how many and why. Reminders among them
 * are queued again by the next check of the day.
 */
export async function failQueuedEmails(db: Database, tenantId: string, senderMailbox: string, problem: SendProblem, now: Date): Promise<number> {
  const count = await db.transaction(async (tx) => {
    const failed = await tx
      .update(emailSends)
      .set({ state: 'failed', lastError: problem.message, errorKind: problem.reason, errorCode: problem.code })
      .where(and(eq(emailSends.tenantId, tenantId), eq(emailSends.senderMailbox, senderMailbox), inArray(emailSends.state, WAITING)))
      .returning({ id: emailSends.id });
    if (failed.length > 0) {
      await recordAudit(tx, tenantId, {
        category: 'email',
        status: 'error',
        message: `${failed.length} queued ${failed.length === 1 ? 'email was' : 'emails were'} not sent from ${senderMailbox}: ${problem.message}`,
        details: { senderMailbox, count: failed.length, reason: problem.reason, code: problem.code },
        createdAt: now,
      });
    }
    return failed.length;
  });
  recordReminders('failed', count);
  return count;
}

/**
 * The mailbox reached its 24-hour limit: its waiting mails are deferred until the window frees up,
 * and the audit log says so (once per carry-over, since the rows are not due again before `until`).
 */
export async function carryOverEmails(db: Database, tenantId: string, senderMailbox: string, limits: MailboxLimits, until: Date, now: Date): Promise<number> {
  const count = await db.transaction(async (tx) => {
    const moved = await tx
      .update(emailSends)
      .set({ state: 'deferred', nextAttemptAt: until, lastError: mailboxLimitMessage(senderMailbox), errorKind: 'mailbox_limit', errorCode: 'daily_limit' })
      .where(
        and(
          eq(emailSends.tenantId, tenantId),
          eq(emailSends.senderMailbox, senderMailbox),
          inArray(emailSends.state, WAITING),
          sql`${emailSends.nextAttemptAt} < ${until}`,
        ),
      )
      .returning({ id: emailSends.id });
    if (moved.length > 0) {
      await recordAudit(tx, tenantId, {
        category: 'email',
        status: 'warning',
        message:
          `Daily sending limit of ${limits.dailyLimit.toLocaleString('en-US')} emails per 24 hours reached for ` +
          `${senderMailbox}: ${moved.length} ${moved.length === 1 ? 'email carries' : 'emails carry'} over and ` +
          `${moved.length === 1 ? 'goes' : 'go'} out from ${until.toISOString()}.`,
        details: { senderMailbox, count: moved.length, resumesAt: until.toISOString() },
        createdAt: now,
      });
      await notifyMailCarriedOver(tx, tenantId, { count: moved.length, senderMailbox, resumesAt: until }, now);
    }
    return moved.length;
  });
  recordReminders('deferred', count);
  return count;
}

/** Rows whose worker stopped mid-send (lease expired): failed as "outcome unknown", never re-sent. */
export async function recoverStaleEmails(db: Database, now: Date, tenantId?: string): Promise<number> {
  const count = await db.transaction(async (tx) => {
    const stale = await tx
      .update(emailSends)
      .set({ state: 'failed', lastError: OUTCOME_UNKNOWN_MESSAGE, errorKind: 'outcome_unknown', errorCode: 'outcome_unknown', leaseUntil: null })
      .where(
        and(eq(emailSends.state, 'sending'), sql`${emailSends.leaseUntil} < ${now}`, tenantId === undefined ? undefined : eq(emailSends.tenantId, tenantId)),
      )
      .returning();
    for (const row of stale) {
      await recordAudit(tx, row.tenantId, {
        category: 'email',
        status: 'warning',
        message: `${describeEmail(row)}: ${OUTCOME_UNKNOWN_MESSAGE}`,
        details: { emailSendId: row.id, kind: row.kind, claimedBy: row.claimedBy },
        createdAt: now,
      });
    }
    return stale.length;
  });
  recordReminders('failed', count);
  return count;
}

/** Organizations with mail due now (or already late), for the scheduler to wake their drains. */
export async function tenantsWithDueEmails(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tenantId: emailSends.tenantId })
    .from(emailSends)
    .where(and(inArray(emailSends.state, WAITING), lte(emailSends.nextAttemptAt, now)));
  return rows.map((row) => row.tenantId);
}

/** The distinct sending mailboxes an organization has queued or deferred mail for. */
export async function queuedMailboxes(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ senderMailbox: emailSends.senderMailbox })
    .from(emailSends)
    .where(and(eq(emailSends.tenantId, tenantId), inArray(emailSends.state, WAITING)));
  return rows.map((row) => row.senderMailbox);
}
