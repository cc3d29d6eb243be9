import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * What happened in an organization: configuration changes, connection checks, runs, mails. The
 * message is what the dashboard shows; `details` holds structured facts (never secrets).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Null for the system (scheduled runs, webhooks). Kept when the user is deleted. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    status: text('status', { enum: ['success', 'warning', 'error'] }).notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: breaks ties between entries written at the same instant. */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  // In the order the dashboard lists entries (newest first, insertion order breaking ties), so its
  // latest few are read off the index instead of sorting all of an organization's history.
  (table) => [
    index('audit_logs_tenant_created_sequence_idx').on(table.tenantId, table.createdAt.desc(), table.sequence.desc()),
    // The retention job's batches (jobs/retention.ts), across organizations, oldest first.
    index('audit_logs_created_idx').on(table.createdAt),
  ],
);
