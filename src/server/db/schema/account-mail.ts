import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/** What an account mail is about; each follows one of the four toggles of Account Settings (the digest none). */
export const ACCOUNT_MAIL_KINDS = ['weekly_report', 'security_alert', 'email_notification', 'system_update', 'helpdesk_digest'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

/**
 * The product's own mail (sent by SMTP, not through the customer's Graph mailbox): one row per
 * recipient and event, written in the transaction of the event where possible. `dedupe_key` names the event and the
 * recipient, so the same event never becomes a second mail. A row is claimed (sending, with a lease)
 * before the SMTP call; one whose worker died mid-call is never sent again (`failed`, outcome unknown).
 */
export const accountMailOutbox = pgTable(
  'account_mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ACCOUNT_MAIL_KINDS }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** The organization it concerns; null for operator announcements. */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** The member it goes to; null for the helpdesk digest, which goes to an address. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    /** The facts of the event; the message is rendered from them when it is sent. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('account_mail_outbox_dedupe_key').on(table.dedupeKey),
    index('account_mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'queued'`),
    index('account_mail_outbox_sending_idx').on(table.leaseUntil).where(sql`${table.state} = 'sending'`),
    // The retention job's batches (jobs/retention.ts): finished mail, oldest first.
    index('account_mail_outbox_finished_created_idx').on(table.createdAt).where(sql`${table.state} in ('sent', 'failed')`),
  ],
);

/** An organization's optional helpdesk address, which gets the daily digest. */
export const helpdeskDigestSettings = pgTable('helpdesk_digest_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Failed connection checks in a row per organization (reset by a successful one): the security
 * alert goes out when the second in a row is recorded.
 */
export const connectionFailureStreaks = pgTable('connection_failure_streaks', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

/** A system update the operator wrote in the admin area, mailed once to every user who wants them. */
export const systemAnnouncements = pgTable('system_announcements', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Recipients queued when it was published. */
  recipients: integer('recipients').notNull(),
});

/**
 * Periodic mail already composed for an organization: the weekly report of a week (its Monday),
 * the helpdesk digest of a day, each client-secret expiry alert. Claimed in the transaction that queues the mail, so each period is
 * composed once, by one instance.
 */
export const accountMailPeriods = pgTable(
  'account_mail_periods',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['weekly_report', 'helpdesk_digest', 'secret_expiry'] }).notNull(),
    /** The organization's calendar day: the week's Monday, the digest's day; for the secret, its expiry day and the alert's threshold. */
    period: text('period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.kind, table.period] })],
);
