// Server-driven paging: each page ends with an opaque `@odata.nextLink` (an absolute URL holding
// the request's own query plus `$skiptoken`). The token is bound to the tenant and to that query,
// so a client that rebuilds the URL instead of following it exactly gets Graph's page-token error.
import { createHash } from 'node:crypto';
import { GraphError } from './errors.js';

interface SkipTokenContent {
  tenantId: string;
  /** Index in the underlying list where the next page starts. */
  index: number;
  fingerprint: string;
}

const expiredPageToken = () =>
  new GraphError(400, 'Directory_ExpiredPageToken', 'The specified page token value has expired and can no longer be included in your request.');

/** Identifies "this query on this resource": path plus the query options except $skiptoken, in any order. */
export function queryFingerprint(path: string, params: URLSearchParams): string {
  const options = [...params].map(([key, value]) => `${key.toLowerCase()}=${value}`).sort();
  return createHash('sha256')
    .update([path.toLowerCase(), ...options].join('\n'))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeSkipToken(content: SkipTokenContent): string {
  return Buffer.from(JSON.stringify([1, content.tenantId, content.index, content.fingerprint])).toString('base64url');
}

/** The start index a skiptoken stands for, or 400 Directory_ExpiredPageToken. */
export function decodeSkipToken(token: string, tenantId: string, fingerprint: string): number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw expiredPageToken();
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw expiredPageToken();
  const [version, tokenTenant, index, tokenFingerprint] = decoded as unknown[];
  const valid =
    version === 1 && tokenTenant === tenantId && tokenFingerprint === fingerprint && typeof index === 'number' && Number.isInteger(index) && index >= 0;
  if (!valid) throw expiredPageToken();
  return index as number;
}

export interface Page<T> {
  items: T[];
  /** Where the following page starts, or null on the last page. */
  nextIndex: number | null;
}

/** Up to `size` matching items from `start`, scanning lazily (a page never copies the whole list). */
export function collectPage<T>(all: readonly T[], start: number, size: number, matches: (item: T) => boolean): Page<T> {
  const items: T[] = [];
  let index = start;
  for (; index < all.length && items.length < size; index++) {
    const item = all[index] as T;
    if (matches(item)) items.push(item);
  }
  while (index < all.length && !matches(all[index] as T)) index++;
  return { items, nextIndex: index < all.length ? index : null };
}

/** The request's URL with `$skiptoken` set, absolute on `baseUrl`. */
export function nextLink(baseUrl: string, path: string, params: URLSearchParams, skipToken: string): string {
  const query = [...params, ['$skiptoken', skipToken] as const]
    .map(([key, value]) => `${encodeURIComponent(key).replace('%24', '$')}=${encodeURIComponent(value)}`)
    .join('&');
  return `${baseUrl}${path}?${query}`;
}
