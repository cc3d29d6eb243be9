import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { testConfigurationResponse, type TestConfigurationResult, type TestRunKind } from '../../../../shared/api/configuration';
import { requestJson } from '@/lib/api-client';
import { useTenantContext } from '@/lib/tenant-context';

/** `kind`: the button that ran it, which Recent Activity names. */
async function testConfiguration(kind: TestRunKind): Promise<TestConfigurationResult> {
  return requestJson('POST', '/api/test-configuration', testConfigurationResponse, { kind });
}

/**
 * Every run shares this key, so the results grid shows the latest one whichever button started
 * it. The organization is part of it: another organization's results must never show.
 */
export function testConfigurationMutationKey(organizationId: string | null): QueryKey {
  return ['/api/test-configuration', organizationId];
}

// A test records the connection status (the header badge) and an audit entry (Recent Activity).
const refreshedByATest = ['/api/connection-status', '/api/audit-logs'];

/** POST /api/test-configuration: every check against the live tenant. */
export function useTestConfiguration() {
  const queryClient = useQueryClient();
  const { selectedTenantId } = useTenantContext();
  return useMutation({
    mutationKey: testConfigurationMutationKey(selectedTenantId),
    mutationFn: testConfiguration,
    // Kept for the page's life: the grid shows the last results until the next run.
    gcTime: Infinity,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && refreshedByATest.some((url) => String(queryKey[0]).startsWith(url)),
      }),
  });
}
