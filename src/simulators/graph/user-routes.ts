// GET /v1.0/users (paged), /v1.0/users/$count and /v1.0/users/{id | userPrincipalName}.
import type { FastifyInstance } from 'fastify';
import { collectionPage, countMatching, filterPredicate } from './collection.js';
import { chargeDirectoryUnits, resourceUnits } from './directory-throttle.js';
import { USER_SHAPE, projectEntity } from './entity-shapes.js';
import { GraphError, unsupportedQuery } from './errors.js';
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
  app.get('/v1.0/users', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, READ_USERS);
    const query = parseListQuery(request.url, singleHeader(request, 'ConsistencyLevel'), {
      ...USER_RULES,
      allowed: ['$select', '$top', '$filter', '$count', '$skiptoken'],
    });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 2, selected: query.select !== null }));
    return odataJson(
      reply,
      collectionPage({
        request,
        tenantId: caller.tenant.id,
        query,
        entitySet: 'users',
        items: caller.tenant.users,
        matches: filterPredicate(USER_SHAPE, query.filter),
        project: (user) => projectEntity(USER_SHAPE, user, query.select),
      }),
    );
  });

  app.get('/v1.0/users/$count', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, READ_USERS);
    const consistencyLevel = singleHeader(request, 'ConsistencyLevel');
    if (consistencyLevel?.trim().toLowerCase() !== 'eventual') {
      throw unsupportedQuery(
        "Raw count (/$count) is not supported because the 'ConsistencyLevel:eventual' header is missing. Refer to https://aka.ms/graph-docs/advanced-queries for more information",
      );
    }
    const query = parseListQuery(request.url, consistencyLevel, { ...USER_RULES, allowed: ['$filter'] });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 1, selected: false }));
    void reply.type('text/plain');
    return String(countMatching(caller.tenant.users, filterPredicate(USER_SHAPE, query.filter)));
  });

  app.get('/v1.0/users/:id', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, READ_USERS);
    const { id } = request.params as { id: string };
    const query = parseListQuery(request.url, undefined, { ...USER_RULES, allowed: ['$select'] });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 1, selected: false }));
    const user = caller.tenant.findUser(id);
    if (!user) throw resourceNotFound(id);
    return odataJson(reply, {
      '@odata.context': metadataContext(requestBaseUrl(request), 'users', query.select, '/$entity'),
      ...projectEntity(USER_SHAPE, user, query.select),
    });
  });
}

export function resourceNotFound(id: string): GraphError {
  return new GraphError(
    404,
    'Request_ResourceNotFound',
    `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`,
  );
}
