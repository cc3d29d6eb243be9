import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../shared/api/account.js';
import type { MemberRole } from '../../shared/domain/member-roles.js';
import type { Database } from '../db/client.js';
import { accountMailOutbox, memberships, notificationPreferences, tenants, users } from '../db/schema/index.js';
import { KIND_OF, type AccountMailPayload } from './payloads.js';

/** The database or an open transaction: mail queued with an event commits or rolls back with it. */
export type OutboxWriter = Pick<Database, 'select' | 'insert'>;

type Toggle = keyof NotificationPreferences;

const TOGGLE_OF = {
  security_alert: 'securityAlerts',
  email_notification: 'emailNotifications',
  weekly_report: 'weeklyReports',
  system_update: 'systemUpdates',
} as const satisfies Partial<Record<ReturnType<typeof kindOf>, Toggle>>;

const kindOf = (payload: AccountMailPayload) => KIND_OF[payload.type];

/** A user's toggle, the default when they never saved their preferences. */
function toggleOn(toggle: Toggle) {
  const column = notificationPreferences[toggle];
  return sql<boolean>`coalesce(${column}, ${DEFAULT_NOTIFICATION_PREFERENCES[toggle]})`;
}

/** A member's toggle: security alerts never switched follow the role (viewers get none). */
function memberToggleOn(toggle: Toggle) {
  if (toggle !== 'securityAlerts') return toggleOn(toggle);
  return sql<boolean>`coalesce(${notificationPreferences.securityAlerts}, ${memberships.role} <> 'viewer')`;
}

type MemberPayload = Extract<AccountMailPayload, { organization: string }>;
/** A member mail's facts; the organization's name is filled in when it is queued. */
export type MemberMail = MemberPayload extends infer T ? (T extends unknown ? Omit<T, 'organization'> : never) : never;
type Kind = keyof typeof TOGGLE_OF;

/**
 * Queues one mail per member of the organization whose toggle for this kind of mail is on (read
 * now: a toggle switched off later does not recall mail already queued) and who has an address.
 * `event` names the event: with the member it makes the row's key, so queuing the same event again
 * adds nothing. Answers how many were queued.
 */
export async function queueForMembers(db: OutboxWriter, tenantId: string, event: string, payload: MemberMail, now: Date, sendAt: Date = now): Promise<number> {
  return queueForRecipients(db, tenantId, null, event, payload, now, sendAt);
}

/** As queueForMembers, for the organization's owners only (each still by their own toggle). */
export async function queueForOwners(db: OutboxWriter, tenantId: string, event: string, payload: MemberMail, now: Date): Promise<number> {
  return queueForRecipients(db, tenantId, 'owner', event, payload, now, now);
}

async function queueForRecipients(
  db: OutboxWriter,
  tenantId: string,
  role: MemberRole | null,
  event: string,
  payload: MemberMail,
  now: Date,
  sendAt: Date,
): Promise<number> {
  const kind = KIND_OF[payload.type] as Kind;
  const toggle = TOGGLE_OF[kind];
  const members = await db
    .select({ userId: users.id, email: users.email, organization: tenants.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(memberships.tenantId, tenantId), role ? eq(memberships.role, role) : undefined, isNotNull(users.email), memberToggleOn(toggle)));
  if (members.length === 0) return 0;
  const inserted = await db
    .insert(accountMailOutbox)
    .values(
      members.map((member) => ({
        kind,
        dedupeKey: `${event}:${member.userId}`,
        tenantId,
        userId: member.userId,
        recipient: member.email!,
        payload: { ...payload, organization: member.organization },
        nextAttemptAt: sendAt,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: accountMailOutbox.dedupeKey })
    .returning({ id: accountMailOutbox.id });
  return inserted.length;
}

/** Queues one mail to an address outside the members (the helpdesk digest). */
export async function queueForAddress(
  db: OutboxWriter,
  tenantId: string,
  event: string,
  recipient: string,
  payload: AccountMailPayload,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(accountMailOutbox)
    .values({ kind: kindOf(payload), dedupeKey: event, tenantId, userId: null, recipient, payload: { ...payload }, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: accountMailOutbox.dedupeKey })
    .returning({ id: accountMailOutbox.id });
  return inserted.length > 0;
}

/**
 * Queues the operator's announcement for every user whose System Updates toggle is on, in one
 * statement however many users there are.
 */
export async function queueForAllUsers(
  db: Pick<Database, 'execute'>,
  event: string,
  payload: Extract<AccountMailPayload, { type: 'system_update' }>,
  now: Date,
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${accountMailOutbox} (kind, dedupe_key, user_id, recipient, payload, next_attempt_at, created_at)
    select 'system_update', ${event} || ':' || ${users.id}, ${users.id}, ${users.email}, ${JSON.stringify(payload)}::jsonb, ${now}, ${now}
    from ${users} left join ${notificationPreferences} on ${notificationPreferences.userId} = ${users.id}
    where ${users.email} is not null and ${toggleOn('systemUpdates')}
    on conflict (dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}

export type OutboxRow = typeof accountMailOutbox.$inferSelect;

/** Takes up to `limit` due mails for this sender: each is `sending` under a lease until its outcome is written. */
export async function claimDueMail(db: Database, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: accountMailOutbox.id })
    .from(accountMailOutbox)
    .where(and(eq(accountMailOutbox.state, 'queued'), lte(accountMailOutbox.nextAttemptAt, now)))
    .orderBy(accountMailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(accountMailOutbox)
    .set({ state: 'sending', leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${accountMailOutbox.attempts} + 1` })
    .where(inArray(accountMailOutbox.id, due))
    .returning();
}

export async function markSent(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(accountMailOutbox)
    .set({ state: 'sent', sentAt: now, leaseUntil: null, lastError: null })
    .where(and(eq(accountMailOutbox.id, id), eq(accountMailOutbox.state, 'sending')));
}

/** Back in the queue for `retryAt`, or failed for good when `retryAt` is null. */
export async function markNotSent(db: Database, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(accountMailOutbox)
    .set(retryAt ? { state: 'queued', nextAttemptAt: retryAt, leaseUntil: null, lastError: error } : { state: 'failed', leaseUntil: null, lastError: error })
    .where(and(eq(accountMailOutbox.id, id), eq(accountMailOutbox.state, 'sending')));
}

export const OUTCOME_UNKNOWN = 'The sender stopped while handing this mail to the SMTP server: it may have gone out, so it is not sent again.';

/** Mail whose sender died mid-call (lease over): it may have gone out, so it is failed, never sent again. */
export async function failStaleSends(db: Database, now: Date): Promise<number> {
  const stale = await db
    .update(accountMailOutbox)
    .set({ state: 'failed', leaseUntil: null, lastError: OUTCOME_UNKNOWN })
    .where(and(eq(accountMailOutbox.state, 'sending'), lte(accountMailOutbox.leaseUntil, now)))
    .returning({ id: accountMailOutbox.id });
  return stale.length;
}

/** Without an SMTP server nothing will ever send the queue: it is dropped rather than mailed, stale, on a later start. */
export async function dropQueuedMail(db: Database): Promise<number> {
  const dropped = await db.delete(accountMailOutbox).where(eq(accountMailOutbox.state, 'queued')).returning({ id: accountMailOutbox.id });
  return dropped.length;
}
