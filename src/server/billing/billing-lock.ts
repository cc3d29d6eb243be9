import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { AppError } from '../http/app-error.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction holding an advisory lock for the organization's billing, so
 * that a webhook, the return page and the reconciliation job reading the same subscription at
 * once write in turn, each with what PayPal said after the previous one finished (a stale read
 * can never overwrite a newer one).
 */
export function withBillingLock<T>(db: Database, tenantId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${tenantId}`}, 0))`);
    return work(tx);
  });
}

/**
 * withBillingLock for a decision: a refusal `decide` returns (an AppError) is thrown only after
 * the transaction commits, so what was learned from PayPal on the way (a final cancel, recorded
 * payments and their invoice numbers) is kept.
 */
export async function decideUnderBillingLock<T>(db: Database, tenantId: string, decide: (tx: Transaction) => Promise<T | AppError>): Promise<T> {
  const result = await withBillingLock(db, tenantId, decide);
  if (result instanceof AppError) throw result;
  return result;
}
