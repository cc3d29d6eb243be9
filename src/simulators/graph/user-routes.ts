// GET /v1.0/users (paged), /v1.0/users/$count, /v1.0/users/{id | userPrincipalName} and its /manager.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countMatching, filterPredicate } from './collection.js';
import { chargeDirectoryUnits, resourceUnits } from './directory-throttle.js';
import { registerEntityListRoute } from './entity-list-route.js';
import { USER_SHAPE, projectEntity } from './entity-shapes.js';
import { resourceNotFound, unsupportedQuery } from './errors.js';
import { authenticateCaller, requirePermission } from './graph-caller.js';
import { metadataContext, odataJson, requestBaseUrl, singleHeader } from './graph-http.js';
import { parseListQuery, type QueryRules } from './odata-query.js';
import { READ_USERS } from './permissions.js';
import type { GraphSimulatorState } from './state.js';

const USER_RULES: Omit<QueryRules, 'allowed'> = {
  selectable: [USER_SHAPE],
  typeName: USER_SHAPE.typeName,
  filterShape: USER_SHAPE,
};

export function registerUserRoutes(app: FastifyInstance, state: GraphSimulatorState): void {
  registerEntityListRoute(app, state, { entitySet: 'users', shape: USER_SHAPE, permissions: READ_USERS, items: (tenant) => tenant.users });

  app.get('/v1.0/users/$count', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, READ_USERS);
    const consistencyLevel = singleHeader(request, 'ConsistencyLevel');
    if (consistencyLevel?.trim().toLowerCase() !== 'eventual') {
      throw unsupportedQuery(
        "Raw count (/$count) is not supported because the 'ConsistencyLevel:eventual' header is missing. Refer to " +
          'https://aka.ms/graph-docs/advanced-queries for more information',
      );
    }
    const query = parseListQuery(request.url, consistencyLevel, { ...USER_RULES, allowed: ['$filter'] });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 1, selected: false }));
    void reply.type('text/plain');
    return String(countMatching(caller.tenant.users, filterPredicate(USER_SHAPE, query.filter)));
  });

  /** The user `/users/{id | userPrincipalName}` names, after the caller's permission and throttling charge; and the $select. */
  const requestedUser = (request: FastifyRequest) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, READ_USERS);
    const { id } = request.params as { id: string };
    const query = parseListQuery(request.url, undefined, { ...USER_RULES, allowed: ['$select'] });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 1, selected: false }));
    const user = caller.tenant.findUser(id);
    if (!user) throw resourceNotFound(id);
    return { tenant: caller.tenant, user, select: query.select };
  };

  app.get('/v1.0/users/:id', async (request, reply) => {
    const { user, select } = requestedUser(request);
    return odataJson(reply, {
      '@odata.context': metadataContext(requestBaseUrl(request), 'users', select, '/$entity'),
      ...projectEntity(USER_SHAPE, user, select),
    });
  });

  // The manager navigation property: the manager as a directoryObject of type user, or 404 when
  // the user has none (Graph's answer then names the 'manager' resource).
  app.get('/v1.0/users/:id/manager', async (request, reply) => {
    const { tenant, user, select } = requestedUser(request);
    const manager = tenant.managerOf(user);
    if (!manager) throw resourceNotFound('manager');
    return odataJson(reply, {
      '@odata.context': metadataContext(requestBaseUrl(request), 'directoryObjects', select, '/$entity'),
      '@odata.type': '#microsoft.graph.user',
      ...projectEntity(USER_SHAPE, manager, select),
    });
  });
}
