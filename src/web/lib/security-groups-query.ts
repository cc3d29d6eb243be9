import { useQuery } from '@tanstack/react-query';
import type { Configuration } from '../../shared/api/configuration';
import { listSecurityGroupsResponse } from '../../shared/api/directory';
import { getJson } from './api-client';

// Read by the Configuration tab's group filters and by the declared on-premises policy's group
// pickers: one query, so both offer the same groups.

export const securityGroupsQueryKey = ['/api/security-groups'] as const;

/** The server reads the groups with the saved credentials: nothing to ask before a connection is saved. */
export function groupsReadableWith(configuration: Configuration | undefined): boolean {
  const viaPasswatchApp = configuration?.connectionMethod === 'passwatch_app';
  return Boolean(configuration?.configured && configuration.entraTenantId && (configuration.applicationId || viaPasswatchApp));
}

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
