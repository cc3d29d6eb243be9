import type { CreateTenantBody, Tenant } from '../../shared/api/tenants.js';
import type { Database } from '../db/client.js';
import { memberships, tenants } from '../db/schema/index.js';
import { toTenantDto } from './tenant-dto.js';

/** Creates an organization with the caller as its owner, in one transaction. */
export async function createTenant(db: Database, userId: string, input: CreateTenantBody): Promise<Tenant> {
  return db.transaction(async (tx) => {
    const [tenant] = await tx.insert(tenants).values({ name: input.name, domain: input.domain }).returning();
    if (!tenant) throw new Error('insert returned no row');
    await tx.insert(memberships).values({ tenantId: tenant.id, userId, role: 'owner' });
    return toTenantDto(tenant, 'owner');
  });
}
