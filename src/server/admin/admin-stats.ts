import { countDistinct, eq } from 'drizzle-orm';
import type { AdminStats, AdminSubscription } from '../../shared/api/admin.js';
import { monthlyRecurringRevenue, type PlanId } from '../../shared/domain/plans.js';
import type { Database } from '../db/client.js';
import { billingSubscriptions, memberships, tenants, users } from '../db/schema/index.js';
import { organizationBillingJoin, organizationColumns, toAdminOrganization } from './admin-organizations.js';

/** GET /api/admin/subscriptions: organizations whose status is active or trialing, by name. */
export async function listAdminSubscriptions(db: Database, now: Date): Promise<AdminSubscription[]> {
  const rows = await db.select(organizationColumns).from(tenants).leftJoin(billingSubscriptions, organizationBillingJoin).orderBy(tenants.name);
  const owners = await db
    .select({ tenantId: memberships.tenantId, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.role, 'owner'));
  const ownerEmails = new Map<string, string[]>();
  for (const owner of owners) if (owner.email) ownerEmails.set(owner.tenantId, [...(ownerEmails.get(owner.tenantId) ?? []), owner.email]);
  return rows
    .map((row) => toAdminOrganization(row, now))
    .filter((organization) => organization.subscriptionStatus === 'active' || organization.subscriptionStatus === 'trialing')
    .map((organization) => ({
      ...organization,
      ownerEmails: ownerEmails.get(organization.id) ?? [],
      monthlyRevenue: organization.subscriptionStatus === 'active' ? revenueOf(organization.subscriptionPlan) : 0,
    }));
}

function revenueOf(plan: PlanId | null): number {
  return monthlyRecurringRevenue({ monthly: plan === 'monthly' ? 1 : 0, yearly: plan === 'yearly' ? 1 : 0 });
}

/**
 * GET /api/admin/stats. MRR counts every active subscription (one cancelling at period end
 * included until it ends): 35 per monthly, 365/12 per yearly; trials pay nothing yet.
 */
export async function adminStats(db: Database, now: Date): Promise<AdminStats> {
  const totalUsers = await db.$count(users);
  const subscriptions = await listAdminSubscriptions(db, now);
  const active = subscriptions.filter((subscription) => subscription.subscriptionStatus === 'active');
  const [trial] = await db
    .select({ users: countDistinct(memberships.userId) })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(tenants.subscriptionStatus, 'trialing'));
  return {
    totalUsers,
    activeSubscriptions: active.length,
    trialUsers: trial?.users ?? 0,
    monthlyRevenue: monthlyRecurringRevenue({
      monthly: active.filter((subscription) => subscription.subscriptionPlan === 'monthly').length,
      yearly: active.filter((subscription) => subscription.subscriptionPlan === 'yearly').length,
    }),
  };
}
