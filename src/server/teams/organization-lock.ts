import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenants } from '../db/schema/index.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the organization's row for the rest of the transaction: membership changes of one
 * organization run one after the other, so a check such as "another owner remains" still holds at
 * commit (the migration's trigger takes a lock that conflicts with this one). FOR NO KEY UPDATE,
 * not FOR UPDATE: rows that reference the organization (audit entries, the ledger, the users table)
 * take FOR KEY SHARE on insert, and must not wait while an invitation mail is being handed to SMTP.
 * False when the organization is gone.
 */
export async function lockOrganization(tx: Transaction, tenantId: string): Promise<{ name: string } | null> {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  return row ?? null;
}
