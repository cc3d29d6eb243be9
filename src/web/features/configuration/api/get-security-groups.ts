import { useQuery } from '@tanstack/react-query';
import { listSecurityGroupsResponse } from '../../../../shared/api/directory';
import { getJson } from '@/lib/api-client';

export const securityGroupsQueryKey = ['/api/security-groups'] as const;

/**
 * GET /api/security-groups. The server reads them with the saved credentials, so the query runs
 * only once a tenant and application are saved (docs/product.md §API); never retried.
 */
export function useSecurityGroups({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: securityGroupsQueryKey,
    queryFn: ({ signal }) => getJson('/api/security-groups', listSecurityGroupsResponse, signal),
    enabled,
    retry: false,
  });
}
