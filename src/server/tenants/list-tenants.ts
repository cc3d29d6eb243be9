import { asc, eq } from 'drizzle-orm';
import type { Tenant } from '../../shared/api/tenants.js';
import type { Database } from '../db/client.js';
import { memberships, tenants } from '../db/schema/index.js';
import { toTenantDto } from './tenant-dto.js';

/** The organizations a user belongs to, oldest first. */
export async function listTenantsForUser(db: Database, userId: string): Promise<Tenant[]> {
  const rows = await db
    .select({ tenant: tenants, role: memberships.role })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(tenants.createdAt), asc(tenants.name));
  return rows.map(({ tenant, role }) => toTenantDto(tenant, role));
}
