import { useQuery } from '@tanstack/react-query';
import type { Tenant } from '../../../../shared/api/tenants';
import { tenantsQueryKey } from '@/lib/query-keys';

/** GET /api/tenants: the user's organizations; an empty answer counts as none. */
export function useTenants() {
  return useQuery<Tenant[] | null, Error, Tenant[]>({
    queryKey: tenantsQueryKey,
    select: (tenants) => tenants ?? [],
  });
}
