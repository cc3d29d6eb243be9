import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTenant } from '../test-support/factories';
import { apiRequest, throwIfResNotOk } from './api-client';
import { selectedTenantStore } from './tenant-store';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('throwIfResNotOk', () => {
  it('passes OK responses through', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('raises "<status>: <body>" for a non-OK response', async () => {
    const res = new Response('{"message":"Company name is required"}', { status: 400, statusText: 'Bad Request' });
    await expect(throwIfResNotOk(res)).rejects.toThrow('400: {"message":"Company name is required"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(throwIfResNotOk(new Response(null, { status: 503, statusText: 'Service Unavailable' }))).rejects.toThrow(
      /^503: Service Unavailable$/,
    );
  });
});

describe('apiRequest', () => {
  it('sends a JSON body with credentials and returns the response', async () => {
    const fetchMock = stubFetch(new Response('{"id":"t1"}', { status: 201 }));
    const res = await apiRequest('POST', '/api/tenants', { name: 'Contoso', domain: 'contoso.com' });

    expect(await res.json()).toEqual({ id: 't1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/tenants');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Contoso","domain":"contoso.com"}' });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/run-check');

    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
  });

  it('adds x-tenant-id for the selected organization', async () => {
    selectedTenantStore.setSelectedTenant(buildTenant({ id: 'tenant-42' }));
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/configuration');

    expect(fetchMock.mock.calls[0]![1]?.headers).toEqual({ 'x-tenant-id': 'tenant-42' });
  });

  it('rejects with the status and body of a failed call', async () => {
    stubFetch(new Response('{"message":"Tenant ID required"}', { status: 400 }));
    await expect(apiRequest('GET', '/api/configuration')).rejects.toThrow('400: {"message":"Tenant ID required"}');
  });
});
