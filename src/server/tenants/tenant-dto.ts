import type { MemberRole } from '../../shared/domain/member-roles.js';
import type { Tenant } from '../../shared/api/tenants.js';
import type { tenants } from '../db/schema/index.js';

type TenantRow = typeof tenants.$inferSelect;

/** The API shape of an organization as one member sees it. */
export function toTenantDto(row: TenantRow, role: MemberRole): Tenant {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    role,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionPlan: row.subscriptionPlan,
    subscriptionEndsAt: row.subscriptionEndsAt?.toISOString() ?? null,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    paypalSubscriptionId: row.paypalSubscriptionId,
    createdAt: row.createdAt.toISOString(),
  };
}
