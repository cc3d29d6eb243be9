import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenantSchema, type CreateTenantBody, type Tenant } from '../../../../shared/api/tenants';
import { requestJson } from '@/lib/api-client';
import { authUserQueryKey, tenantsQueryKey } from '@/lib/query-keys';

async function createTenant(body: CreateTenantBody): Promise<Tenant> {
  return requestJson('POST', '/api/tenants', tenantSchema, body);
}

/**
 * POST /api/tenants; on success the organization list (and the user, who embeds it) is refetched.
 * `onCreated` runs at the mutation level, so it still runs when the refetch replaces the
 * component that started it (the empty state turning into the picker).
 */
export function useCreateTenant(onCreated: (tenant: Tenant) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: async (tenant) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: tenantsQueryKey }), queryClient.invalidateQueries({ queryKey: authUserQueryKey })]);
      // After the refetch, so the new organization is in the list the selection is checked against.
      onCreated(tenant);
    },
  });
}
