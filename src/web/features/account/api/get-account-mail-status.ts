import { useQuery } from '@tanstack/react-query';
import { accountMailStatusResponse } from '../../../../shared/api/account-mail';
import { getJson } from '@/lib/api-client';

export const accountMailStatusQueryKey = ['/api/account-mail/status'] as const;

/** GET /api/account-mail/status: whether this server sends account mail at all. */
export function useAccountMailStatus() {
  return useQuery({
    queryKey: accountMailStatusQueryKey,
    queryFn: ({ signal }) => getJson('/api/account-mail/status', accountMailStatusResponse, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
