import { useQuery } from '@tanstack/react-query';
import { connectionStatusSchema } from '../../../../shared/api/configuration';
import { getJson } from '@/lib/api-client';

export const connectionStatusQueryKey = ['/api/connection-status'] as const;
/** Asked again this often, so a page left open shows a change in Entra: the server re-verifies a stale verdict. */
const CONNECTION_STATUS_REFETCH_MS = 60_000;

/** GET /api/connection-status: whether the organization is configured and its last connection outcome (re-verified when stale). */
export function useConnectionStatus() {
  return useQuery({
    queryKey: connectionStatusQueryKey,
    refetchInterval: CONNECTION_STATUS_REFETCH_MS,
    queryFn: ({ signal }) => getJson('/api/connection-status', connectionStatusSchema, signal),
  });
}
