// GET /v1.0/groups (paged; `$filter=securityEnabled eq true` keeps security groups) and
// GET /v1.0/groups/{id}/transitiveMembers (nested groups resolved; entries carry @odata.type).
import type { FastifyInstance } from 'fastify';
import { collectionPage } from './collection.js';
import { chargeDirectoryUnits, resourceUnits } from './directory-throttle.js';
import type { DirectoryObject } from './directory.js';
import { registerEntityListRoute } from './entity-list-route.js';
import { DEVICE_SHAPE, GROUP_SHAPE, USER_SHAPE, projectEntity, type EntityShape } from './entity-shapes.js';
import { badRequest, resourceNotFound } from './errors.js';
import { authenticateCaller, requirePermission } from './graph-caller.js';
import { odataJson, singleHeader } from './graph-http.js';
import { parseListQuery } from './odata-query.js';
import { READ_GROUP_MEMBERS, READ_GROUPS } from './permissions.js';
import type { GraphSimulatorState } from './state.js';
import { GUID_PATTERN } from '../shared/formats.js';

export function registerGroupRoutes(app: FastifyInstance, state: GraphSimulatorState): void {
  registerEntityListRoute(app, state, { entitySet: 'groups', shape: GROUP_SHAPE, permissions: READ_GROUPS, items: (tenant) => tenant.groups });

  app.get('/v1.0/groups/:id/transitiveMembers', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, READ_GROUP_MEMBERS);
    const { id } = request.params as { id: string };
    if (!GUID_PATTERN.test(id)) throw badRequest(`Invalid object identifier '${id}'.`);
    const query = parseListQuery(request.url, singleHeader(request, 'ConsistencyLevel'), {
      allowed: ['$select', '$top', '$count', '$skiptoken'],
      selectable: [USER_SHAPE, GROUP_SHAPE, DEVICE_SHAPE],
      typeName: 'microsoft.graph.directoryObject',
    });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 5, selected: query.select !== null }));
    const group = caller.tenant.findGroup(id);
    if (!group) throw resourceNotFound(id);
    return odataJson(
      reply,
      collectionPage({
        request,
        tenantId: caller.tenant.id,
        query,
        entitySet: 'directoryObjects',
        items: caller.tenant.transitiveMembers(group),
        matches: () => true,
        project: (member) => projectMember(member, query.select),
      }),
    );
  });
}

/** A member as a directoryObject: its `@odata.type`, then the selected properties its type has. */
function projectMember(member: DirectoryObject, select: readonly string[] | null): Record<string, unknown> {
  switch (member.kind) {
    case 'user':
      return typedEntity(USER_SHAPE, member.value, select);
    case 'group':
      return typedEntity(GROUP_SHAPE, member.value, select);
    case 'device':
      return typedEntity(DEVICE_SHAPE, member.value, select);
  }
}

function typedEntity<T>(shape: EntityShape<T>, item: T, select: readonly string[] | null): Record<string, unknown> {
  return { '@odata.type': `#${shape.typeName}`, ...projectEntity(shape, item, select) };
}
