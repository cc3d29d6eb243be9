import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../../shared/api/auth';
import { apiRequest, readJson } from '@/lib/api-client';
import { isUnauthorizedError } from '@/lib/error-message';
import { authUserQueryKey } from '@/lib/query-keys';

const authUserUrl = '/api/auth/user';

/**
 * GET /api/auth/user: the signed-in user, or null when signed out (401). This runs on the landing
 * page, whose bundle stays free of zod, so the answer's schema is loaded only once there is a user
 * to check (the signed-in app needs zod anyway); a signed-out visitor never loads it.
 */
export async function fetchAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  let res: Response;
  try {
    res = await apiRequest('GET', authUserUrl, undefined, signal);
  } catch (error) {
    if (isUnauthorizedError(error)) return null;
    throw error;
  }
  const { authUserSchema } = await import('../../../../shared/api/auth');
  return readJson(res, authUserUrl, authUserSchema);
}

/** Never retried. */
const authUserQueryOptions = queryOptions({
  queryKey: authUserQueryKey,
  queryFn: ({ signal }) => fetchAuthUser(signal),
  retry: false,
});

export function useAuth(): { user: AuthUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading } = useQuery(authUserQueryOptions);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
