import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUsersResponse } from '../../../../shared/api/admin';
import { getJson } from '@/lib/api-client';

/** docs/product.md §API: the admin user list may be reused for 30 s. */
const ADMIN_USERS_STALE_MS = 30_000;

/** GET /api/admin/users, with ?search= when searching (the server applies the match rule of docs/product.md §Validation). */
export function adminUsersUrl(search: string): string {
  const term = search.trim();
  return term ? `/api/admin/users?${new URLSearchParams({ search: term })}` : '/api/admin/users';
}

/** The key is the URL, so each search is cached on its own. */
export function useAdminUsers(search: string) {
  const url = adminUsersUrl(search);
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson(url, adminUsersResponse, signal),
    staleTime: ADMIN_USERS_STALE_MS,
    // While a new search loads, the previous results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
