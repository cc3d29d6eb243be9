import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTenant } from '../test-support/factories';
import { ApiError, apiRequest, getJson, requestJson, throwIfResNotOk, UnexpectedResponseError } from './api-client';
import { selectedTenantStore } from './tenant-store';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call should have failed'),
    (error: unknown) => error,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('throwIfResNotOk', () => {
  it('passes OK responses through', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it("raises an ApiError with the status and the server's body", async () => {
    const res = new Response('{"message":"Company name is required","fieldErrors":{"name":["Company name is required"],"domain":[]}}', { status: 400 });
    const error = await rejectionOf(throwIfResNotOk(res));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      body: { message: 'Company name is required', fieldErrors: { name: ['Company name is required'] } },
      message: 'Company name is required',
    });
  });

  it('reads a pretty-printed body too', async () => {
    const error = await rejectionOf(throwIfResNotOk(new Response('{\n"message": "Already exists"\n}', { status: 409 })));
    expect(error).toMatchObject({ status: 409, body: { message: 'Already exists' } });
  });

  it('keeps only well-formed field messages', async () => {
    const res = new Response('{"message":"Invalid","fieldErrors":{"name":"not a list","domain":[1,"Please enter a valid domain"]}}', { status: 400 });
    expect(await rejectionOf(throwIfResNotOk(res))).toMatchObject({ body: { message: 'Invalid', fieldErrors: { domain: ['Please enter a valid domain'] } } });
  });

  it.each([
    ['an empty body', null],
    ['a page that is not JSON', '<html>Bad Gateway</html>'],
    ['JSON that is not an object', '["x"]'],
    ['a blank message', '{"message":"  "}'],
    ['a message that is not text', '{"message":42}'],
  ])('has no body for %s, and names the status instead', async (_label, text) => {
    const error = await rejectionOf(throwIfResNotOk(new Response(text, { status: 502, statusText: 'Bad Gateway' })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, body: null, message: '502 Bad Gateway' });
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
    const error = await rejectionOf(apiRequest('GET', '/api/configuration'));
    expect(error).toMatchObject({ name: 'ApiError', status: 400, body: { message: 'Tenant ID required' } });
  });
});

describe('requestJson and getJson', () => {
  const answer = z.object({ id: z.string(), count: z.number() });

  it("answer the data the route's schema accepts", async () => {
    const fetchMock = stubFetch(Response.json({ id: 'a1', count: 3 }));
    await expect(requestJson('PUT', '/api/things', answer, { count: 3 })).resolves.toEqual({ id: 'a1', count: 3 });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT', body: '{"count":3}' });
  });

  it('pass the abort signal on', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'a1', count: 3 }));
    const controller = new AbortController();
    await getJson('/api/things/a1', answer, controller.signal);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', signal: controller.signal });
  });

  it('refuse an answer of another shape, naming what is wrong, instead of passing it on', async () => {
    stubFetch(Response.json({ id: 7 }));
    const error = await rejectionOf(getJson('/api/things/a1', answer));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ status: 200, url: '/api/things/a1' });
    expect((error as Error).message).toMatch(/^Unexpected answer from \/api\/things\/a1 \(HTTP 200\): id: .+; count: .+$/);
  });

  it('refuse an OK answer that is not JSON', async () => {
    stubFetch(new Response('<html>Sign in to the proxy</html>', { status: 200 }));
    await expect(getJson('/api/things/a1', answer)).rejects.toThrow('Unexpected answer from /api/things/a1 (HTTP 200): the body is not JSON');
  });
});
