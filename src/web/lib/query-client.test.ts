import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTenant } from '../test-support/factories';
import { createQueryClient, getQueryFn, queryKeyToUrl } from './query-client';
import { selectedTenantStore } from './tenant-store';

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Runs a query function the way TanStack Query does, through a throwaway client. */
function runQuery<T>(queryKey: readonly unknown[], queryFn: ReturnType<typeof getQueryFn<T>>) {
  return new QueryClient().fetchQuery({ queryKey, queryFn, retry: false });
}

afterEach(() => {
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('queryKeyToUrl', () => {
  it('joins the key segments with "/"', () => {
    expect(queryKeyToUrl(['/api/tenants'])).toBe('/api/tenants');
    expect(queryKeyToUrl(['/api/audit-logs', 5])).toBe('/api/audit-logs/5');
    expect(queryKeyToUrl(['/api/download-invoice', 'inv-7'])).toBe('/api/download-invoice/inv-7');
  });
});

describe('getQueryFn', () => {
  it('GETs the joined key with credentials and the tenant header, and reads JSON', async () => {
    selectedTenantStore.setSelectedTenant(buildTenant({ id: 'tenant-9' }));
    const fetchMock = stubFetch(Response.json([{ id: 'a1' }]));

    const data = await runQuery(['/api/audit-logs', 5], getQueryFn({ on401: 'throw' }));

    expect(data).toEqual([{ id: 'a1' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/audit-logs/5');
    expect(init).toMatchObject({ credentials: 'include', headers: { 'x-tenant-id': 'tenant-9' } });
    expect(init?.method).toBeUndefined();
  });

  it('returns null on 401 when asked to', async () => {
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(runQuery(['/api/auth/user'], getQueryFn({ on401: 'returnNull' }))).resolves.toBeNull();
  });

  it('throws "401: <body>" on 401 by default', async () => {
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(runQuery(['/api/tenants'], getQueryFn({ on401: 'throw' }))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });

  it('throws on other errors even when 401 returns null', async () => {
    stubFetch(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(runQuery(['/api/auth/user'], getQueryFn({ on401: 'returnNull' }))).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});

describe('createQueryClient', () => {
  it('never retries, refetches on focus or polls, and keeps data fresh', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('fetches with the default fetcher from the key alone, once', async () => {
    const fetchMock = stubFetch(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/tenants'] })).rejects.toThrow('502: Bad Gateway');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tenants');
  });

  it('reports a 401 from a query or a mutation as an ended session', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await expect(
      client.fetchQuery({ queryKey: ['/api/configuration'], queryFn: () => Promise.reject(new Error('401: {}')) }),
    ).rejects.toThrow();
    await expect(
      client.getMutationCache().build(client, { mutationFn: () => Promise.reject(new Error('401: {}')) }).execute(undefined),
    ).rejects.toThrow();
    await expect(
      client.fetchQuery({ queryKey: ['/api/other'], queryFn: () => Promise.reject(new Error('403: {}')) }),
    ).rejects.toThrow();

    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).toHaveBeenCalledWith(client);
  });
});
