import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('never retries, refetches on focus or polls, and keeps data fresh', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('has no default fetcher that could pass an unchecked answer on', () => {
    expect(createQueryClient().getDefaultOptions().queries?.queryFn).toBeUndefined();
  });

  it('reports a 401 from a query or a mutation as an ended session', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const unauthorized = new ApiError(401, { message: 'Unauthorized' });
    await expect(client.fetchQuery({ queryKey: ['/api/configuration'], queryFn: () => Promise.reject(unauthorized) })).rejects.toThrow();
    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(unauthorized) })
        .execute(undefined),
    ).rejects.toThrow();
    await expect(client.fetchQuery({ queryKey: ['/api/other'], queryFn: () => Promise.reject(new ApiError(403, { message: 'Forbidden' })) })).rejects.toThrow();

    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).toHaveBeenCalledWith(client);
  });
});
