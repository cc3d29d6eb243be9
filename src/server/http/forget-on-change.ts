import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TenantReadCache } from '../db/tenant-read-cache.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request that may have changed something (any method but GET, HEAD and OPTIONS, and a GET
 * declared with `changesData`, such as a re-verification that stores its verdict) drops what this
 * instance kept of the organization it acted for (`organizationOf`; of every organization when it
 * names none) before it answers, so whoever made the change reads it on this instance at once;
 * other instances drop it as PostgreSQL's notice of the change arrives (docs/architecture.md
 * §Reads kept between changes).
 */
export function registerForgetOnChange(
  app: FastifyInstance,
  reads: Pick<TenantReadCache, 'forget'>,
  organizationOf: (request: FastifyRequest) => string | null,
): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READS.has(request.method) || request.routeOptions.config.changesData) reads.forget(organizationOf(request));
    done(null, payload);
  });
}
