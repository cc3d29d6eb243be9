import type { Database } from '../db/client.js';
import { readSubscriptionState } from './subscription-state.js';

/**
 * Whether an organization may use automation and send mail now: its subscription is active
 * (one cancelled at period end counts until the period ends). Missing, none, canceled,
 * incomplete, incomplete_expired, past_due and trialing do not.
 */
export async function hasActiveSubscription(db: Database, tenantId: string, now: Date): Promise<boolean> {
  const state = await readSubscriptionState(db, tenantId, now);
  return state?.status === 'active';
}
