// GET /v1.0/domains: every domain of the tenant with its password policy (docs/domain.md §Password expiry).
import type { FastifyInstance } from 'fastify';
import { chargeDirectoryUnits, resourceUnits } from './directory-throttle.js';
import { DOMAIN_SHAPE, projectEntity } from './entity-shapes.js';
import { authenticateCaller, requirePermission } from './graph-caller.js';
import { metadataContext, odataJson, requestBaseUrl } from './graph-http.js';
import { parseListQuery } from './odata-query.js';
import { READ_DOMAINS } from './permissions.js';
import type { GraphSimulatorState } from './state.js';

export function registerDomainRoutes(app: FastifyInstance, state: GraphSimulatorState): void {
  app.get('/v1.0/domains', async (request, reply) => {
    const caller = authenticateCaller(state, request);
    requirePermission(caller, READ_DOMAINS);
    const query = parseListQuery(request.url, undefined, {
      allowed: ['$select'],
      selectable: [DOMAIN_SHAPE],
      typeName: DOMAIN_SHAPE.typeName,
    });
    chargeDirectoryUnits(state, caller.tenant, caller.appId, resourceUnits({ base: 1, selected: false }));
    return odataJson(reply, {
      '@odata.context': metadataContext(requestBaseUrl(request), 'domains', query.select),
      value: caller.tenant.domains.map((domain) => projectEntity(DOMAIN_SHAPE, domain, query.select)),
    });
  });
}
