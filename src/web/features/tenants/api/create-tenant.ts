import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTenantBody, Tenant } from '../../../../shared/api/tenants';
import { apiRequest } from '@/lib/api-client';
import { authUserQueryKey, tenantsQueryKey } from '@/lib/query-keys';

export async function createTenant(body: CreateTenantBody): Promise<Tenant> {
  const res = await apiRequest('POST', '/api/tenants', body);
  return (await res.json()) as Tenant;
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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: authUserQueryKey }),
      ]);
      // After the refetch, so the new organization is in the list the selection is checked against.
      onCreated(tenant);
    },
  });
}
