import { MutationCache, QueryCache, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { tenantHeaders, throwIfResNotOk } from './api-client';
import { isUnauthorizedError } from './error-message';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default fetcher's URL: the query key's segments joined by '/'. */
export function queryKeyToUrl(queryKey: QueryKey): string {
  return queryKey.join('/');
}

export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', headers: tenantHeaders(), signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export interface QueryClientOptions {
  /** Called when any query or mutation fails with 401 (the session ended). */
  onUnauthorized?: (client: QueryClient) => void;
}

/** docs/product.md §API: no retry, no refetch on focus, no polling, data never stale by default. */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const reportUnauthorized = (error: Error) => {
    if (isUnauthorizedError(error)) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: reportUnauthorized }),
    mutationCache: new MutationCache({ onError: reportUnauthorized }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
