// GET /v1.0/{entitySet} for users and groups: a tenant's entities paged through nextLink, with
// $select, $filter on one property, $count, and the directory cost of a list (docs/domain.md §Throttling and Retry-After).
import type { FastifyInstance } from 'fastify';
import { collectionPage, filterPredicate } from './collection.js';
import { chargeDirectoryUnits, resourceUnits } from './directory-throttle.js';
import type { SimTenant } from './directory.js';
import { projectEntity, type EntityShape } from './entity-shapes.js';
import { authenticateCaller, requirePermission } from './graph-caller.js';
import { odataJson, singleHeader } from './graph-http.js';
import { parseListQuery } from './odata-query.js';
import type { GraphSimulatorState } from './state.js';

export interface EntityList<T> {
  /** The path segment, also what @odata.context names: 'users', 'groups'. */
  entitySet: string;
  shape: EntityShape<T>;
  /** Application permissions any one of which allows the read. */
  permissions: readonly string[];
  items: (tenant: SimTenant) => readonly T[];
}

export function registerEntityListRoute<T>(app: FastifyInstance, state: GraphSimulatorState, list: EntityList<T>): void {
  const { entitySet, shape } = list;
  app.get(`/v1.0/${entitySet}`, async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, list.permissions);
    const query = parseListQuery(request.url, singleHeader(request, 'ConsistencyLevel'), {
      allowed: ['$select', '$top', '$filter', '$count', '$skiptoken'],
      selectable: [shape],
      typeName: shape.typeName,
      filterShape: shape,
    });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 2, selected: query.select !== null }));
    return odataJson(
      reply,
      collectionPage({
        request,
        tenantId: caller.tenant.id,
        query,
        entitySet,
        items: list.items(caller.tenant),
        matches: filterPredicate(shape, query.filter),
        project: (item) => projectEntity(shape, item, query.select),
      }),
    );
  });
}
