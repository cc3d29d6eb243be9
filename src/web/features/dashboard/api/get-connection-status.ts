import { useQuery } from '@tanstack/react-query';
import { connectionStatusSchema } from '../../../../shared/api/configuration';
import { getJson } from '@/lib/api-client';

export const connectionStatusQueryKey = ['/api/connection-status'] as const;

/** GET /api/connection-status: whether the organization is configured and its last connection outcome. */
export function useConnectionStatus() {
  return useQuery({
    queryKey: connectionStatusQueryKey,
    queryFn: ({ signal }) => getJson('/api/connection-status', connectionStatusSchema, signal),
  });
}
