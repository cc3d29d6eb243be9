import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionStore } from '../auth/index.js';
import type { Database } from '../db/client.js';
import { billingSubscriptions, configurations, memberships, tenants, users } from '../db/schema/index.js';
import { PayPalApiError, type PayPalClient } from '../integrations/paypal/index.js';

export interface DeleteAccountDeps {
  db: Database;
  sessions: Pick<SessionStore, 'ending'>;
  paypal: PayPalClient;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

// What we last stored may be behind PayPal (an approval not yet seen): only these are surely over.
const FINISHED_PAYPAL_STATUSES = ['CANCELLED', 'EXPIRED'];

/**
 * DELETE /api/account: the user, their memberships and sessions, and every organization they
 * alone own, with everything hanging off it (configuration, secrets, ledgers, payments). Those
 * organizations' PayPal subscriptions are cancelled first, best effort: a PayPal failure is
 * logged and does not keep the user's data. The Entra tenants those organizations reached through
 * the Passwatch app are returned: their administrators must remove the app there.
 */
export async function deleteAccount(deps: DeleteAccountDeps, userId: string): Promise<{ deletedOrganizations: number; passwatchAppTenants: string[] }> {
  const { db } = deps;
  const otherOwner = db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenants.id), eq(memberships.role, 'owner'), ne(memberships.userId, userId)));
  const owned = await db
    .select({ tenantId: tenants.id, subscriptionId: billingSubscriptions.paypalSubscriptionId, paypalStatus: billingSubscriptions.paypalStatus })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.tenantId, tenants.id))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'owner'), notExists(otherOwner)));

  for (const { tenantId, subscriptionId, paypalStatus } of owned) {
    if (!subscriptionId || (paypalStatus && FINISHED_PAYPAL_STATUSES.includes(paypalStatus))) continue;
    try {
      await deps.paypal.cancelSubscription(subscriptionId, 'The account owning this organization was deleted');
      deps.log.info({ tenantId, subscriptionId }, 'subscription cancelled with the account');
    } catch (error) {
      // 422: not cancellable, i.e. never approved or already over.
      if (error instanceof PayPalApiError && error.status === 422) continue;
      deps.log.warn({ err: error, tenantId, subscriptionId }, 'could not cancel the PayPal subscription of a deleted organization');
    }
  }

  const ownedIds = owned.map((row) => row.tenantId);
  // Their consent to the Passwatch app stays in Entra: the person is told to remove it.
  const connected =
    ownedIds.length === 0
      ? []
      : await db
          .select({ entraTenantId: configurations.entraTenantId })
          .from(configurations)
          .where(and(inArray(configurations.tenantId, ownedIds), eq(configurations.connectionMethod, 'passwatch_app')));
  // The user's sessions end, and so does every membership of the organizations deleted with them.
  const ends = [{ user: userId }, ...ownedIds.map((tenantId) => ({ tenant: tenantId }))];
  await deps.sessions.ending(ends, async (tx) => {
    // Everything of an organization references it with ON DELETE CASCADE; so do sessions and memberships of a user.
    if (ownedIds.length > 0) await tx.delete(tenants).where(inArray(tenants.id, ownedIds));
    await tx.delete(users).where(eq(users.id, userId));
  });
  return { deletedOrganizations: owned.length, passwatchAppTenants: connected.map((row) => row.entraTenantId) };
}
