import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A person who signed in, identified by their identity provider's issuer and subject. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** Contact address: from the provider, editable in Account Settings; it grants nothing. */
    email: text('email'),
    /** What the provider asserted at the latest sign-in; only a verified one can make an operator admin. */
    signInEmail: text('sign_in_email'),
    signInEmailVerified: boolean('sign_in_email_verified').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest sign-in (the Members page shows it); null for users who have not signed in since it was recorded. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_issuer_subject_key').on(table.issuer, table.subject)],
);

/**
 * A signed-in browser. The cookie holds a random token; only its SHA-256 is stored, so a copy of
 * the table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Kept for RP-initiated logout at the identity provider. */
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.expiresAt)],
);

/** An authorization request in flight: the PKCE verifier and nonce for one `state`. */
export const loginRequests = pgTable('login_requests', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What operator admins did: each sign-in with admin rights, each export of the customer list,
 * each system update published.
 * The actor is copied (issuer, subject, address) so the record outlives the user.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    action: text('action', { enum: ['admin_sign_in', 'users_export', 'announcement_published'] }).notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_audit_log_created_at_idx').on(table.createdAt)],
);
