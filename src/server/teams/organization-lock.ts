import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenants } from '../db/schema/index.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the organization's row for the rest of the transaction: membership changes of one
 * organization run one after the other, so a check such as "another owner remains" still holds at
 * commit (the migration's trigger takes the same lock). False when the organization is gone.
 */
export async function lockOrganization(tx: Transaction, tenantId: string): Promise<{ name: string } | null> {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row ?? null;
}
