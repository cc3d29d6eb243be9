import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_ROLES } from '../../../shared/domain/member-roles.js';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * An invitation to join an organization with a role (docs/product.md §Invitations). The link
 * carries a random token; only its SHA-256 is stored. Accepted, revoked or past `expiresAt`, it
 * grants nothing.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('invitations_tenant_id_idx').on(table.tenantId),
    check('invitations_role_check', sql`${table.role} in ('owner', 'admin', 'helpdesk', 'viewer')`),
  ],
);
