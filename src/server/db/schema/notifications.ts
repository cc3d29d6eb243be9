import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_DELIVERY_STATES } from '../../../shared/api/notifications.js';
import type { ExpiryReason } from '../../../shared/domain/password-expiry.js';
import { SEND_ERROR_KINDS } from '../../../shared/domain/send-errors.js';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * The users table of the dashboard: who the latest check found with a password expiring within the
 * reminder window and the forecast's days after it, or expired recently, and the enabled members whose password has no date (never
 * expires, federated, managed on-premises, no change date). Replaced by every check (rows it no
 * longer finds go).
 */
export const passwordExpirations = pgTable(
  'password_expirations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The Entra user's object id. */
    graphUserId: text('graph_user_id').notNull(),
    userEmail: text('user_email').notNull(),
    userDisplayName: text('user_display_name').notNull(),
    /** The sign-in name ({{userPrincipalName}}); null in records written before it was kept. */
    userPrincipalName: text('user_principal_name'),
    /** `mail` from the directory; null when the user has no mailbox address (no reminder can reach them). */
    mailAddress: text('mail_address'),
    /** Graph's preferredLanguage as the directory holds it ('de-DE'); null when the user has none. */
    preferredLanguage: text('preferred_language'),
    /** Null when the password has no date (see `expiryReason`). */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    /** The expiry day on the organization's calendar when the check ran; null with no date. */
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** Where the date came from, or why there is none (the expiry engine's reason). */
    expiryReason: text('expiry_reason').$type<ExpiryReason>().notNull(),
    /** The validity the date was computed with; null with no date. */
    validityDays: integer('validity_days'),
    /** What the reason refers to: an on-premises PSO or AD domain, or since when the connector is silent. */
    expirySource: text('expiry_source'),
    /**
     * Listed only for the dry run and the forecast: the expiry lies beyond the last day the check
     * reminds for. The users table leaves these rows out.
     */
    lookAhead: boolean('look_ahead').notNull().default(false),
    /** Set when a reminder for this expiry was sent; cleared when the expiry changes (password changed). */
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('password_expirations_tenant_user_key').on(table.tenantId, table.graphUserId),
    // The users table reads an organization's records a page at a time in this order.
    index('password_expirations_tenant_expiry_idx').on(table.tenantId, table.passwordExpiresAt, table.userDisplayName, table.id),
    // ... and sorted by the other sortable columns.
    index('password_expirations_tenant_name_idx').on(table.tenantId, table.userDisplayName, table.id),
    index('password_expirations_tenant_email_idx').on(table.tenantId, table.userEmail, table.id),
    // Never notified sorts as the earliest.
    index('password_expirations_tenant_notified_idx').on(table.tenantId, table.lastNotifiedAt.asc().nullsFirst(), table.id),
    // The dashboard's Expiring Soon count: the days of the reminder window, not all of a large tenant's users.
    index('password_expirations_tenant_expiry_date_idx').on(table.tenantId, table.expiryDate),
  ],
);

export const EMAIL_KINDS = ['reminder', 'manual', 'test'] as const;

/**
 * The send ledger: every mail is a row before Graph is called. A worker claims a row
 * (queued or deferred -> sending, with a lease), calls sendMail, and records the answer (sent,
 * failed or deferred); see email-ledger.ts for what happens after a crash. Reminders are unique per
 * organization, user, expiry and threshold (days before the expiry day; every-day reminders use the
 * days left on their day, so that is once per day): a failed one is re-queued by the next check
 * that plans the same threshold.
 */
export const emailSends = pgTable(
  'email_sends',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    /** The Entra user reminded; null for test emails. */
    graphUserId: text('graph_user_id'),
    recipient: text('recipient').notNull(),
    /** {{userName}}. */
    displayName: text('display_name').notNull(),
    /** {{userPrincipalName}}; null for test emails and rows written before it was kept. */
    userPrincipalName: text('user_principal_name'),
    /**
     * The recipient's preferredLanguage when the mail was planned ('de-DE'), which picks the
     * wording and the date format; null: the organization's default language.
     */
    language: text('language'),
    /**
     * Reminders: days before the expiry day they were planned for (negative: an after-expiry
     * reminder, sent with the reminder policy's after-expiry wording). Null for manual and test mail.
     */
    threshold: integer('threshold'),
    /** The password's expiry day on the organization's calendar ({{expirationDate}}, {{daysRemaining}}). */
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    /** The organization's calendar day the mail was planned for. */
    localDay: date('local_day', { mode: 'string' }).notNull(),
    /** Lower-cased sending mailbox: the unit Exchange limits. */
    senderMailbox: text('sender_mailbox').notNull(),
    /**
     * queued: waits its turn; sending: handed to Graph (claimed, with a lease); sent: Graph accepted
     * it (the only state that counts as "reminded"); failed: refused, or its outcome is unknown
     * (`error_kind` says which); deferred: held back and retried automatically at `next_attempt_at`
     * (the mailbox's limit, Graph throttling or an outage).
     */
    state: text('state', { enum: EMAIL_DELIVERY_STATES }).notNull().default('queued'),
    /** Manual and test mails first (0), reminders after (1). */
    priority: integer('priority').notNull().default(1),
    /** Calls to Graph started for this row. */
    attempts: integer('attempts').notNull().default(0),
    /** Of those, answered "wait" (429/503/504). */
    deferrals: integer('deferrals').notNull().default(0),
    /** The actionable message of the latest failure or wait; a re-queued reminder keeps its previous attempt's. */
    lastError: text('last_error'),
    /** The classification of `last_error` (SEND_ERROR_KINDS); null when nothing went wrong. */
    errorKind: text('error_kind', { enum: SEND_ERROR_KINDS }),
    /** Graph's or Entra's error code ('ErrorAccessDenied', 'http_503', 'AADSTS7000222'), or ours ('outcome_unknown'). */
    errorCode: text('error_code'),
    /** The check that queued (or re-queued) this reminder; null for manual and test mail. */
    runId: uuid('run_id').references(() => automationRuns.id, { onDelete: 'set null' }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * Where the sent mail went when not only to `recipient`: the pilot mailbox instead of it, the
     * manager's copy beside it (To first, then Cc). Null when it went to the recipient alone.
     */
    deliveredTo: text('delivered_to').array(),
    /** What was sent: subject and both MIME parts, as the recipient got them. */
    subject: text('subject'),
    bodyHtml: text('body_html'),
    bodyText: text('body_text'),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_sends_reminder_threshold_key')
      .on(table.tenantId, table.graphUserId, table.expiryDate, table.threshold)
      .where(sql`${table.kind} = 'reminder'`),
    // A reminder without a threshold would escape the key above (nulls are distinct).
    check('email_sends_reminder_threshold_check', sql`${table.kind} <> 'reminder' or ${table.threshold} is not null`),
    index('email_sends_claim_idx')
      .on(table.tenantId, table.senderMailbox, table.priority, table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'deferred')`),
    // A run's delivery counts (run status, live progress).
    index('email_sends_run_state_idx').on(table.runId, table.state),
    index('email_sends_mailbox_attempt_idx').on(table.senderMailbox, table.lastAttemptAt),
    index('email_sends_mailbox_sent_idx').on(table.senderMailbox, table.sentAt).where(sql`${table.state} = 'sent'`),
    index('email_sends_sending_idx').on(table.senderMailbox, table.leaseUntil).where(sql`${table.state} = 'sending'`),
    index('email_sends_tenant_sent_idx').on(table.tenantId, table.sentAt),
    // The users table shows each listed user's latest mail.
    index('email_sends_tenant_user_created_idx').on(table.tenantId, table.graphUserId, table.createdAt),
    // The retention job's batches (jobs/retention.ts): finished rows, oldest first.
    index('email_sends_finished_created_idx').on(table.createdAt).where(sql`${table.state} in ('sent', 'failed')`),
  ],
);

/** Graph told a mailbox to wait (429 Retry-After): every instance holds off until `holdUntil`. */
export const mailboxHolds = pgTable('mailbox_holds', {
  senderMailbox: text('sender_mailbox').primaryKey(),
  holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
  /** Waits asked in a row without a success in between: the backoff grows with it. */
  consecutiveDeferrals: integer('consecutive_deferrals').notNull().default(0),
});

/**
 * Which instance drains an organization's mail right now. The holder renews `lease_until` every few
 * seconds while it sends; a holder that died stops renewing, and any instance takes the lease over
 * once it lapses, so a crash holds the organization's mail back for seconds, not minutes.
 */
export const drainLeases = pgTable('drain_leases', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
});

/** When the scheduler next checks an organization, and which settings that time was computed from. */
export const automationSchedules = pgTable(
  'automation_schedules',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** 'checkTime|timeZone|weekendProcessing' the next run was computed from; a change recomputes it. */
    basis: text('basis'),
    /** The organization's calendar day of the latest scheduled run. */
    lastRunDay: date('last_run_day', { mode: 'string' }),
  },
  (table) => [index('automation_schedules_next_run_idx').on(table.nextRunAt)],
);

export const AUTOMATION_TRIGGERS = ['schedule', 'manual'] as const;

/** One password check. A scheduled check is unique per organization and local day. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: AUTOMATION_TRIGGERS }).notNull(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    // interrupted: the process running it died (marked by the next start; see interrupted-runs.ts).
    status: text('status', { enum: ['running', 'completed', 'failed', 'interrupted'] }).notNull(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Counts of the check (CheckSummary): updated as the directory is read, final once finished. Its mail: email_sends.run_id. */
    summary: jsonb('summary').$type<Record<string, number>>(),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('automation_runs_scheduled_day_key').on(table.tenantId, table.localDay).where(sql`${table.trigger} = 'schedule'`),
    index('automation_runs_tenant_finished_idx').on(table.tenantId, table.finishedAt),
    // The retention job's batches (jobs/retention.ts).
    index('automation_runs_finished_idx').on(table.finishedAt),
  ],
);
