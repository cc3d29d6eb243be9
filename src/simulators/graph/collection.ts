// One page of a directory collection, shaped like Graph's:
// {"@odata.context", "@odata.count"? (first page only), "@odata.nextLink"?, "value": [...]}.
import type { FastifyRequest } from 'fastify';
import type { EntityShape } from './entity-shapes.js';
import { metadataContext, requestBaseUrl, requestPath } from './graph-http.js';
import type { BooleanFilter, ListQuery } from './odata-query.js';
import { collectPage, decodeSkipToken, encodeSkipToken, nextLink, queryFingerprint } from './paging.js';

export interface CollectionPageRequest<T> {
  request: FastifyRequest;
  tenantId: string;
  query: ListQuery;
  /** Entity set named in @odata.context: 'users', 'groups', 'directoryObjects'. */
  entitySet: string;
  items: readonly T[];
  matches: (item: T) => boolean;
  project: (item: T) => Record<string, unknown>;
}

export function collectionPage<T>(page: CollectionPageRequest<T>): Record<string, unknown> {
  const { request, query, tenantId } = page;
  const baseUrl = requestBaseUrl(request);
  const path = requestPath(request);
  const fingerprint = queryFingerprint(path, query.params);
  const start = query.skipToken === null ? 0 : decodeSkipToken(query.skipToken, tenantId, fingerprint);
  const { items, nextIndex } = collectPage(page.items, start, query.top, page.matches);
  const body: Record<string, unknown> = { '@odata.context': metadataContext(baseUrl, page.entitySet, query.select) };
  if (query.count && query.skipToken === null) body['@odata.count'] = countMatching(page.items, page.matches);
  if (nextIndex !== null) {
    body['@odata.nextLink'] = nextLink(baseUrl, path, query.params, encodeSkipToken({ tenantId, index: nextIndex, fingerprint }));
  }
  body.value = items.map(page.project);
  return body;
}

export function countMatching<T>(items: readonly T[], matches: (item: T) => boolean): number {
  let count = 0;
  for (const item of items) if (matches(item)) count++;
  return count;
}

export function filterPredicate<T>(shape: EntityShape<T>, filter: BooleanFilter | null): (item: T) => boolean {
  if (!filter) return () => true;
  const read = shape.filterable[filter.property];
  return (item) => read?.(item) === filter.value;
}
