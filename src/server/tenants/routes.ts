import type { FastifyInstance } from 'fastify';
import { createTenantBody } from '../../shared/api/tenants.js';
import { allow, userIdOf } from '../auth/index.js';
import type { Database } from '../db/client.js';
import { validate } from '../http/validate.js';
import { createTenant } from './create-tenant.js';
import { listTenantsForUser } from './list-tenants.js';

export function registerTenantRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get('/api/tenants', allow('signed-in'), async (request) => listTenantsForUser(deps.db, userIdOf(request)));

  app.post('/api/tenants', allow('signed-in'), async (request, reply) => {
    const input = validate(createTenantBody, request.body);
    const tenant = await createTenant(deps.db, userIdOf(request), input);
    request.log.info({ tenantId: tenant.id }, 'organization created');
    return reply.status(201).send(tenant);
  });
}
