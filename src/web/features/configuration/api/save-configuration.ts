import { partialMatchKey, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { configurationSchema, type Configuration, type ConfigurationBody } from '../../../../shared/api/configuration';
import { toWire } from '../../../../shared/api/entra-tenant-wire-name';
import { requestJson } from '@/lib/api-client';
import { configurationQueryKey } from '@/lib/configuration-queries';
import { userScopedQueryKeys } from '@/lib/query-keys';
import { changesConnection } from '../utils/configuration-form-values';
import { securityGroupsQueryKey } from '@/lib/security-groups-query';

/** PUT: a group was added or removed; POST: the Save button. Both save the whole configuration. */
export type SaveMethod = 'PUT' | 'POST';

async function saveConfiguration(method: SaveMethod, body: ConfigurationBody): Promise<Configuration> {
  return requestJson(method, '/api/configuration', configurationSchema, toWire(body));
}

const matches = (queryKey: QueryKey, keys: readonly QueryKey[]) => keys.some((key) => partialMatchKey(queryKey, key));

/**
 * Saves and puts the answer in the cache. Everything else the organization shows may depend on
 * the configuration (connection badge, next check, recent activity), so it is refetched; the
 * security groups only when the credentials changed, as each load is a call to the tenant.
 */
export function useSaveConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, body }: { method: SaveMethod; body: ConfigurationBody }) => saveConfiguration(method, body),
    onSuccess: async (saved, { body }) => {
      const before = queryClient.getQueryData<Configuration>(configurationQueryKey);
      queryClient.setQueryData(configurationQueryKey, saved);
      const keep = before && !changesConnection(before, body) ? [configurationQueryKey, securityGroupsQueryKey] : [configurationQueryKey];
      await queryClient.invalidateQueries({
        predicate: (query) => !matches(query.queryKey, userScopedQueryKeys) && !matches(query.queryKey, keep),
      });
    },
  });
}
