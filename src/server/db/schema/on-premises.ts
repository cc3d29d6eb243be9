import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CommitSnapshotAnswer, PasswordSettingsObject } from '../../../shared/api/connector-snapshot.js';
import type { DeclaredOnPremisesPolicy } from '../../../shared/domain/on-premises-expiry.js';
import { users } from './identity.js';
import { tenants } from './tenants.js';

/**
 * A Passwatch Connector enrolled for an organization (docs/product.md §On-premises Active
 * Directory). Only the SHA-256 of its key is kept; the key may do nothing but send snapshots.
 * Revoked connectors stay listed (the audit log names them) and their key is refused.
 */
export const onPremisesConnectors = pgTable(
  'on_premises_connectors',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the key. */
    keyHash: text('key_hash').notNull(),
    /** The key's last 4 characters, so a person can tell keys apart. */
    keyHint: text('key_hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last request the key was accepted for. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('on_premises_connectors_key_hash_key').on(table.keyHash), index('on_premises_connectors_tenant_idx').on(table.tenantId)],
);

/**
 * One snapshot of one AD domain as a connector sends it: begun, filled batch by batch, committed.
 * The snapshot id is the connector's; it is unique per organization only. Uncommitted snapshots
 * are discarded after a day.
 */
export const adSnapshots = pgTable(
  'ad_snapshots',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    connectorId: uuid('connector_id')
      .notNull()
      .references(() => onPremisesConnectors.id, { onDelete: 'cascade' }),
    domainSid: text('domain_sid').notNull(),
    dnsName: text('dns_name').notNull(),
    netbiosName: text('netbios_name'),
    /** The domain's maxPwdAge exactly as AD stores it (100-ns units, ≤ 0). */
    maxPwdAge: bigint('max_pwd_age', { mode: 'bigint' }).notNull(),
    passwordSettingsObjects: jsonb('password_settings_objects').$type<PasswordSettingsObject[]>().notNull(),
    connectorVersion: text('connector_version').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    userCount: integer('user_count').notNull(),
    batchCount: integer('batch_count').notNull(),
    begunAt: timestamp('begun_at', { withTimezone: true }).notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /** The commit's answer, repeated to a commit sent again. */
    result: jsonb('result').$type<CommitSnapshotAnswer>(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] }), index('ad_snapshots_begun_idx').on(table.begunAt)],
);

/** Which batches of a snapshot arrived, with a hash of their content (a batch sent again must match once committed). */
export const adSnapshotBatches = pgTable(
  'ad_snapshot_batches',
  {
    tenantId: uuid('tenant_id').notNull(),
    snapshotId: uuid('snapshot_id').notNull(),
    batchIndex: integer('batch_index').notNull(),
    userCount: integer('user_count').notNull(),
    /** Hex SHA-256 of the batch's users as received. */
    contentHash: text('content_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.snapshotId, table.batchIndex] })],
);

/**
 * The AD user records of a snapshot. A domain's current records are those of its current
 * snapshot (adDomains.currentSnapshotId): a commit swaps that pointer and deletes the old rows in
 * one transaction. 64-bit AD values are PostgreSQL bigint, read as JavaScript BigInt.
 */
export const adUsers = pgTable(
  'ad_users',
  {
    tenantId: uuid('tenant_id').notNull(),
    snapshotId: uuid('snapshot_id').notNull(),
    batchIndex: integer('batch_index').notNull(),
    objectSid: text('object_sid').notNull(),
    objectGuid: text('object_guid').notNull(),
    userPrincipalName: text('user_principal_name'),
    samAccountName: text('sam_account_name').notNull(),
    mail: text('mail'),
    pwdLastSet: bigint('pwd_last_set', { mode: 'bigint' }).notNull(),
    userAccountControl: bigint('user_account_control', { mode: 'number' }).notNull(),
    passwordExpiryTimeComputed: bigint('password_expiry_time_computed', { mode: 'bigint' }).notNull(),
    resultantPso: text('resultant_pso'),
    accountExpires: bigint('account_expires', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.snapshotId, table.objectSid] }),
    index('ad_users_batch_idx').on(table.tenantId, table.snapshotId, table.batchIndex),
  ],
);

/** Each AD domain an organization's connectors report, with its current snapshot and the last matching counts. */
export const adDomains = pgTable(
  'ad_domains',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    domainSid: text('domain_sid').notNull(),
    connectorId: uuid('connector_id')
      .notNull()
      .references(() => onPremisesConnectors.id, { onDelete: 'cascade' }),
    dnsName: text('dns_name').notNull(),
    currentSnapshotId: uuid('current_snapshot_id').notNull(),
    snapshotTakenAt: timestamp('snapshot_taken_at', { withTimezone: true }).notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull(),
    usersRead: integer('users_read').notNull(),
    matched: integer('matched').notNull(),
    unmatchedAdUsers: integer('unmatched_ad_users').notNull(),
    /** Synced Graph users no domain's record matched, organization-wide, as of this domain's last count. */
    unmatchedGraphUsers: integer('unmatched_graph_users').notNull(),
    /** The snapshot a "connector silent" alert was sent for, so it goes once per silence. */
    silenceAlertedSnapshotId: uuid('silence_alerted_snapshot_id'),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.domainSid] })],
);

/**
 * The synced users (onPremisesSyncEnabled) the latest check read from Graph, by their anchors:
 * what a snapshot's commit matches its records against. Replaced by a check whose anchors differ
 * from these (synced_directory_digests); checkedAt is the check that wrote them.
 */
export const syncedDirectoryUsers = pgTable(
  'synced_directory_users',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    graphUserId: text('graph_user_id').notNull(),
    securityIdentifier: text('security_identifier'),
    immutableId: text('immutable_id'),
    userPrincipalName: text('user_principal_name').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.graphUserId] })],
);

/** An organization's on-premises settings: when a snapshot goes stale, and the declared policy used without a connector. */
export const onPremisesSettings = pgTable('on_premises_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  staleAfterHours: integer('stale_after_hours').notNull(),
  declaredPolicy: jsonb('declared_policy').$type<DeclaredOnPremisesPolicy>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});
