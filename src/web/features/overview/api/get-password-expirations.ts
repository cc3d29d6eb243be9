import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  passwordExpirationsPage,
  type PasswordExpirationFilter,
  type PasswordExpirationsPage,
  type PasswordExpirationSort,
} from '../../../../shared/api/notifications';
import type { SortDirection } from '../../../../shared/api/paging';
import { getJson } from '@/lib/api-client';
import { passwordExpirationsQueryKey } from './overview-query-keys';

export interface PasswordExpirationsRequest {
  filter: PasswordExpirationFilter;
  sort: PasswordExpirationSort;
  direction: SortDirection;
  page: number;
  pageSize: number;
  /** Display name or email text, trimmed; empty for everyone. */
  search: string;
}

/** The request's URL; an empty search is left out. */
export function passwordExpirationsUrl({ filter, sort, direction, page, pageSize, search }: PasswordExpirationsRequest): string {
  const query = new URLSearchParams({ filter, sort, direction, page: String(page), pageSize: String(pageSize) });
  if (search !== '') query.set('search', search);
  return `/api/password-expirations?${query.toString()}`;
}

// Under the shared prefix, so a check or a sent email (which invalidate the prefix) reloads every page.
export const passwordExpirationsPageKey = (request: PasswordExpirationsRequest) => [...passwordExpirationsQueryKey, request] as const;

async function fetchPasswordExpirationsPage(request: PasswordExpirationsRequest, signal?: AbortSignal): Promise<PasswordExpirationsPage> {
  return getJson(passwordExpirationsUrl(request), passwordExpirationsPage, signal);
}

/** GET /api/password-expirations?filter=&sort=&direction=&page=&pageSize=&search=: one page of the latest check's users. */
export const passwordExpirationsPageQuery = (request: PasswordExpirationsRequest) =>
  queryOptions({
    queryKey: passwordExpirationsPageKey(request),
    queryFn: ({ signal }) => fetchPasswordExpirationsPage(request, signal),
  });

/** One page of the users table; the previous page stays on screen while the next one loads. */
export function usePasswordExpirationsPage(request: PasswordExpirationsRequest) {
  return useQuery({ ...passwordExpirationsPageQuery(request), placeholderData: keepPreviousData });
}
