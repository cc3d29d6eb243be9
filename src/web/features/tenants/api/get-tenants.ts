import { useQuery } from '@tanstack/react-query';
import { listTenantsResponse } from '../../../../shared/api/tenants';
import { getJson } from '@/lib/api-client';
import { tenantsQueryKey } from '@/lib/query-keys';

/** GET /api/tenants: the user's organizations. */
export function useTenants() {
  return useQuery({
    queryKey: tenantsQueryKey,
    queryFn: ({ signal }) => getJson('/api/tenants', listTenantsResponse, signal),
  });
}
