import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from './error-message';

export interface QueryClientOptions {
  /** Called when any query or mutation fails with 401 (the session ended). */
  onUnauthorized?: (client: QueryClient) => void;
}

/**
 * docs/product.md §API: no retry, no refetch on focus, no polling, data never stale by default.
 * There is no default fetcher: each query brings its own, which checks the answer against the
 * route's response schema.
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const reportUnauthorized = (error: Error) => {
    if (isUnauthorizedError(error)) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: reportUnauthorized }),
    mutationCache: new MutationCache({ onError: reportUnauthorized }),
    defaultOptions: {
      queries: {
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
