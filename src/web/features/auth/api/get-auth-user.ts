import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../../shared/api/auth';
import { getQueryFn } from '@/lib/query-client';
import { authUserQueryKey } from '@/lib/query-keys';

/** GET /api/auth/user: the signed-in user, or null when signed out (401). Never retried. */
export const authUserQueryOptions = queryOptions({
  queryKey: authUserQueryKey,
  queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
  retry: false,
});

export function useAuth(): { user: AuthUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading } = useQuery(authUserQueryOptions);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
