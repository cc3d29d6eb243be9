import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONNECTION_METHODS } from '../../../shared/domain/entra-connection.js';
import { CONNECTION_PROBLEMS } from '../../../shared/domain/graph-permissions.js';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/** One organization's connection to its Entra tenant, reminder template, schedule and filters. */
export const configurations = pgTable(
  'configurations',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /**
     * 'app_registration': the organization's own app and client secret. 'passwatch_app': the
     * operator's multi-tenant app, consented with Connect with Microsoft; the tenant ids below then
     * come only from a verified consent, never from the form.
     */
    connectionMethod: text('connection_method', { enum: CONNECTION_METHODS }).notNull().default('app_registration'),
    /** Entra tenant in the token URL: a GUID or a domain such as contoso.onmicrosoft.com. */
    entraTenantId: text('entra_tenant_id').notNull(),
    /** The Directory (tenant) ID GUID. */
    azureDirectoryId: text('azure_directory_id').notNull(),
    applicationId: text('application_id').notNull(),
    /** AES-256-GCM (crypto/secret-box.ts); null until a secret is saved. */
    clientSecretEncrypted: text('client_secret_encrypted'),
    clientSecretUpdatedAt: timestamp('client_secret_updated_at', { withTimezone: true }),
    /** The secret's expiry as Entra shows it, a calendar date; null when not recorded (or no secret). */
    clientSecretExpiresAt: date('client_secret_expires_at', { mode: 'string' }),
    fromEmail: text('from_email').notNull(),
    emailTemplate: text('email_template').notNull(),
    /** 'HH:MM', 24-hour. */
    checkTime: text('check_time').notNull(),
    /** IANA zone. */
    timeZone: text('time_zone').notNull(),
    daysBeforeExpiration: integer('days_before_expiration').notNull(),
    weekendProcessing: text('weekend_processing', { enum: ['skip', 'include', 'weekdays'] }).notNull(),
    automationEnabled: boolean('automation_enabled').notNull(),
    includeGroups: text('include_groups').array().notNull().default(sql`'{}'::text[]`),
    excludeGroups: text('exclude_groups').array().notNull().default(sql`'{}'::text[]`),
    passwordValidityDays: integer('password_validity_days').notNull(),
    /** Outcome of the latest real call to the tenant (test, group load, scan): the dashboard badge. */
    connectionStatus: text('connection_status', { enum: ['connected', 'error', 'unknown'] })
      .notNull()
      .default('unknown'),
    connectionMessage: text('connection_message'),
    /** The class of the latest failure; null while connected. */
    connectionProblem: text('connection_problem', { enum: CONNECTION_PROBLEMS }),
    /** Required permissions the latest access token's roles lacked. */
    missingPermissions: text('missing_permissions').array().notNull().default(sql`'{}'::text[]`),
    connectionCheckedAt: timestamp('connection_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The operator's app reaches every tenant that consented to it: one organization per tenant,
    // so no other organization can claim a tenant it never consented in.
    uniqueIndex('configurations_passwatch_app_tenant').on(table.azureDirectoryId).where(sql`${table.connectionMethod} = 'passwatch_app'`),
  ],
);
