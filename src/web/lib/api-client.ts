import { selectedTenantStore } from './tenant-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every API call names the selected organization; the server scopes tenant data by it. */
export function tenantHeaders(): Record<string, string> {
  const tenant = selectedTenantStore.getSelectedTenant();
  return tenant ? { 'x-tenant-id': tenant.id } : {};
}

/** Non-OK responses become `Error("<status>: <body text or status text>")` (docs/product.md §API). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

/** Sends a JSON request with the session cookie and the tenant header; resolves to the OK response. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const headers = tenantHeaders();
  // No Content-Type without a body: the server rejects an empty body declared as JSON.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}
