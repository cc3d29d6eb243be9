import { useQuery } from '@tanstack/react-query';
import type { SecurityGroup } from '../../../../shared/api/directory';

export const securityGroupsQueryKey = ['/api/security-groups'] as const;

/**
 * GET /api/security-groups. The server reads them with the saved credentials, so the query runs
 * only once a tenant and application are saved (docs/product.md §API); never retried.
 */
export function useSecurityGroups({ enabled }: { enabled: boolean }) {
  return useQuery<SecurityGroup[]>({ queryKey: securityGroupsQueryKey, enabled, retry: false });
}
