import { eq } from 'drizzle-orm';
import type { AdminOrganization } from '../../shared/api/admin.js';
import { billingSubscriptions, tenants } from '../db/schema/index.js';
import { effectiveStatus } from '../billing/index.js';

/** Columns for an organization's subscription as the operator sees it; select from tenants left-joined with ORGANIZATION_BILLING_JOIN. */
export const organizationColumns = {
  id: tenants.id,
  name: tenants.name,
  domain: tenants.domain,
  status: tenants.subscriptionStatus,
  plan: tenants.subscriptionPlan,
  paypalSubscriptionId: tenants.paypalSubscriptionId,
  currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
};

export const organizationBillingJoin = eq(billingSubscriptions.tenantId, tenants.id);

export interface OrganizationRow {
  id: string;
  name: string;
  domain: string;
  status: AdminOrganization['subscriptionStatus'];
  plan: AdminOrganization['subscriptionPlan'];
  paypalSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
}

/** The row with its status as of `now` (a subscription past its cancel date is canceled). */
export function toAdminOrganization(row: OrganizationRow, now: Date): AdminOrganization {
  const cancelAtPeriodEnd = row.cancelAtPeriodEnd ?? false;
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    subscriptionStatus: effectiveStatus({ status: row.status, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd }, now),
    subscriptionPlan: row.plan,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd,
    paypalSubscriptionId: row.paypalSubscriptionId,
  };
}
