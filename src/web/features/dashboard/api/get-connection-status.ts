import { useQuery } from '@tanstack/react-query';
import type { ConnectionStatus } from '../../../../shared/api/configuration';

export const connectionStatusQueryKey = ['/api/connection-status'] as const;

/** GET /api/connection-status: whether the organization is configured and its last connection outcome. */
export function useConnectionStatus() {
  return useQuery<ConnectionStatus>({ queryKey: connectionStatusQueryKey });
}
