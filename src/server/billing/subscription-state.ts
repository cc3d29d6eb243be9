import { eq } from 'drizzle-orm';
import type { SubscriptionStatusResponse } from '../../shared/api/billing.js';
import type { SubscriptionStatus } from '../../shared/domain/subscription-status.js';
import type { Database } from '../db/client.js';
import { billingSubscriptions, tenants } from '../db/schema/index.js';
import type { Transaction } from './billing-lock.js';

export interface StoredBillingState {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * The status as of `now`: a subscription cancelled at period end stops being active the moment
 * the period ends, even before the reconciliation job has cancelled it at PayPal.
 */
export function effectiveStatus(state: StoredBillingState, now: Date): SubscriptionStatus {
  const ended = state.cancelAtPeriodEnd && (state.currentPeriodEnd === null || state.currentPeriodEnd.getTime() <= now.getTime());
  return state.status === 'active' && ended ? 'canceled' : state.status;
}

/** GET /api/subscription-status for one organization (null when it does not exist). */
export async function readSubscriptionState(db: Database | Transaction, tenantId: string, now: Date): Promise<SubscriptionStatusResponse | null> {
  const [row] = await db
    .select({
      status: tenants.subscriptionStatus,
      plan: tenants.subscriptionPlan,
      subscriptionEndsAt: tenants.subscriptionEndsAt,
      trialEndsAt: tenants.trialEndsAt,
      currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
    })
    .from(tenants)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  if (!row) return null;
  const cancelAtPeriodEnd = row.cancelAtPeriodEnd ?? false;
  return {
    status: effectiveStatus({ status: row.status, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd }, now),
    plan: row.plan,
    subscriptionEndsAt: row.subscriptionEndsAt?.toISOString() ?? null,
    trialEnd: row.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd,
  };
}
