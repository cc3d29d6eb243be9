import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * A digest of an organization's synced_directory_users rows as the check that last wrote them read
 * them from Graph: a check that reads the same anchors again writes nothing (on-premises-check.ts).
 * No row: the anchors were never written with a digest, so the next check writes them.
 */
export const syncedDirectoryDigests = pgTable('synced_directory_digests', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** '<users>:<hash>', independent of the order Graph returned the users in. */
  digest: text('digest').notNull(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
});
