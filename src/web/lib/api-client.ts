import type { ApiErrorBody, FieldErrors } from '../../shared/api/errors';
import { selectedTenantStore } from './tenant-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-OK answer: its status and the server's error body (null when it sent none, e.g. a proxy's error page). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    statusText = '',
  ) {
    super(body?.message ?? `${status} ${statusText}`.trim());
  }
}

/**
 * An OK answer that is not what the shared contract says the route answers (another version of
 * the server, a proxy's page). It is never passed on as if it were the data.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';

  constructor(
    readonly status: number,
    readonly url: string,
    readonly problems: readonly string[],
  ) {
    super(`Unexpected answer from ${url} (HTTP ${status}): ${problems.join('; ')}`);
  }
}

/**
 * How an answer is checked: a shared zod response schema (its `safeParse`), or, for the few calls
 * of the signed-out landing page, whose bundle stays free of zod, a hand-written check of the
 * same form. This file itself must not import zod: it is part of that bundle.
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly ResponseIssue[] } };
}
interface ResponseIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Every API call names the selected organization; the server scopes tenant data by it. */
function tenantHeaders(): Record<string, string> {
  const tenant = selectedTenantStore.getSelectedTenant();
  return tenant ? { 'x-tenant-id': tenant.id } : {};
}

/** Non-OK responses become an `ApiError` carrying the server's `{ message, fieldErrors? }`. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new ApiError(res.status, readErrorBody(await res.text()), res.statusText);
}

/** Sends a JSON request with the session cookie and the tenant header; resolves to the OK response. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const headers = tenantHeaders();
  // No Content-Type without a body: the server rejects an empty body declared as JSON.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** The JSON body of an OK response, checked against the route's response schema. */
export async function readJson<T>(res: Response, url: string, schema: ResponseSchema<T>): Promise<T> {
  const json = parseJson(await res.text());
  if (json === undefined) throw new UnexpectedResponseError(res.status, url, ['the body is not JSON']);
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`);
  throw new UnexpectedResponseError(res.status, url, problems);
}

/** A request whose answer is JSON of the shape `schema` describes. */
export async function requestJson<T>(method: HttpMethod, url: string, schema: ResponseSchema<T>, body?: unknown): Promise<T> {
  return readJson(await apiRequest(method, url, body), url, schema);
}

/** GET of JSON of the shape `schema` describes; `signal` lets TanStack Query cancel it. */
export async function getJson<T>(url: string, schema: ResponseSchema<T>, signal?: AbortSignal): Promise<T> {
  return readJson(await apiRequest('GET', url, undefined, signal), url, schema);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The server's error body, read without trusting it: a blank message or a malformed field list counts as none. */
function readErrorBody(text: string): ApiErrorBody | null {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { message, fieldErrors } = value as Record<string, unknown>;
  if (typeof message !== 'string' || message.trim() === '') return null;
  const fields = readFieldErrors(fieldErrors);
  return Object.keys(fields).length > 0 ? { message, fieldErrors: fields } : { message };
}

function readFieldErrors(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (!Array.isArray(messages)) continue;
    const texts = messages.filter((m): m is string => typeof m === 'string' && m !== '');
    if (texts.length > 0) result[field] = texts;
  }
  return result;
}
