import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * Connect with Microsoft requests in flight: the `state` sent to Entra, by its SHA-256 (the value
 * itself only travels through the browser). Each is bound to the organization, the user and the
 * session that started it, used once, and expires after minutes. A request is a step: the
 * administrator's sign-in (with its nonce and PKCE verifier), then the admin consent for the tenant
 * the sign-in proved (docs/domain.md §Admin sign-in for Connect with Microsoft).
 */
export const entraConsentRequests = pgTable(
  'entra_consent_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the session token that started it: the answer must come back to the same session. */
    sessionHash: text('session_hash').notNull(),
    /** The page the browser goes back to: the Setup Guide or the Configuration tab. */
    returnTo: text('return_to', { enum: ['setup', 'configuration'] }).notNull(),
    step: text('step', { enum: ['sign_in', 'consent'] })
      .notNull()
      .default('sign_in'),
    /** Sign-in step: the authority segment it was sent to (a tenant or `organizations`), its nonce and PKCE verifier. */
    signInAuthority: text('sign_in_authority'),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    /** Consent step: the tenant and the administrator the sign-in proved. */
    provenTenantId: text('proven_tenant_id'),
    provenAdminObjectId: text('proven_admin_object_id'),
    provenAdminUsername: text('proven_admin_username'),
    provenAdminRole: text('proven_admin_role'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('entra_consent_requests_expires_at').on(table.expiresAt)],
);
