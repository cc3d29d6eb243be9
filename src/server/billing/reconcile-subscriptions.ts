import { eq, inArray, or } from 'drizzle-orm';
import { billingSubscriptions, tenants } from '../db/schema/index.js';
import type { BillingContext } from './billing-context.js';
import { syncSubscription } from './sync-subscription.js';

export interface ReconciliationReport {
  checked: number;
  failed: number;
}

// Enough to keep up with PayPal's latency without flooding it (or the database pool).
const CONCURRENCY = 4;

/**
 * The safety net under webhooks: re-reads every subscription that can still change on its own
 * (pending approval, active, past due, trial, cancelling at period end) and so also performs the
 * final cancel of those whose period has ended. One failure does not stop the others.
 */
export async function reconcileSubscriptions(ctx: BillingContext): Promise<ReconciliationReport> {
  const due = await ctx.db
    .select({ tenantId: billingSubscriptions.tenantId, subscriptionId: billingSubscriptions.paypalSubscriptionId })
    .from(billingSubscriptions)
    .innerJoin(tenants, eq(tenants.id, billingSubscriptions.tenantId))
    .where(or(inArray(tenants.subscriptionStatus, ['incomplete', 'active', 'past_due', 'trialing']), eq(billingSubscriptions.cancelAtPeriodEnd, true)));
  let failed = 0;
  let next = 0;
  const worker = async () => {
    for (let item = due[next++]; item !== undefined; item = due[next++]) {
      try {
        await syncSubscription(ctx, item.tenantId, item.subscriptionId, { unattended: true });
      } catch (error) {
        failed++;
        ctx.log.warn({ err: error, tenantId: item.tenantId, subscriptionId: item.subscriptionId }, 'subscription reconciliation failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  if (due.length > 0) ctx.log.info({ checked: due.length, failed }, 'subscriptions reconciled');
  return { checked: due.length, failed };
}
