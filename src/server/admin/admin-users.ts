import { and, desc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AdminUser } from '../../shared/api/admin.js';
import type { Database } from '../db/client.js';
import { containsPattern } from '../db/contains-pattern.js';
import { billingSubscriptions, memberships, tenants, users } from '../db/schema/index.js';
import { organizationBillingJoin, organizationColumns, toAdminOrganization } from './admin-organizations.js';

/**
 * GET /api/admin/users: every user, newest first, with their organizations and subscriptions.
 * `search` (docs/product.md §Validation) keeps users whose email, first name, last name or any organization's
 * name contains it, ignoring case.
 */
export async function listAdminUsers(db: Database, search: string | undefined, now: Date): Promise<AdminUser[]> {
  const pattern = search ? containsPattern(search) : null;
  const inOrganizationNamed = (like: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(and(eq(memberships.userId, users.id), ilike(tenants.name, like))),
    );
  const userRows = await db
    .select()
    .from(users)
    .where(pattern ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), inOrganizationNamed(pattern)) : undefined)
    .orderBy(desc(users.createdAt), users.id);
  if (userRows.length === 0) return [];

  const organizationRows = await db
    .select({ userId: memberships.userId, role: memberships.role, organization: organizationColumns })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .leftJoin(billingSubscriptions, organizationBillingJoin)
    .where(
      inArray(
        memberships.userId,
        userRows.map((user) => user.id),
      ),
    )
    .orderBy(tenants.name);
  const byUser = new Map<string, AdminUser['tenants']>();
  for (const { userId, role, organization } of organizationRows) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), { ...toAdminOrganization(organization, now), role }]);
  }
  return userRows.map((user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt.toISOString(),
    tenants: byUser.get(user.id) ?? [],
  }));
}
