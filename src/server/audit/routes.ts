import type { FastifyInstance } from 'fastify';
import { auditLogPageQuery, latestAuditLogsParams } from '../../shared/api/audit.js';
import { allow, tenantIdOf } from '../auth/index.js';
import type { Database } from '../db/client.js';
import type { TenantReadCache } from '../db/tenant-read-cache.js';
import { validate } from '../http/validate.js';
import { latestAuditLogs, pageAuditLogs } from './list-audit-logs.js';

/** About what a kept entry holds in memory. */
const ENTRY_BYTES = 512;

export function registerAuditRoutes(app: FastifyInstance, deps: { db: Database; reads: TenantReadCache }): void {
  app.get('/api/audit-logs', allow('viewer'), async (request) => {
    const { page, pageSize } = validate(auditLogPageQuery, request.query);
    return pageAuditLogs(deps.db, tenantIdOf(request), page, pageSize);
  });

  app.get('/api/audit-logs/:limit', allow('viewer'), async (request) => {
    const { limit } = validate(latestAuditLogsParams, request.params);
    const tenantId = tenantIdOf(request);
    // The dashboard's Recent Activity: kept until the organization changes (docs/architecture.md §Reads kept between changes).
    return deps.reads.read(tenantId, `audit-logs ${limit}`, async () => {
      const entries = await latestAuditLogs(deps.db, tenantId, limit);
      return { value: entries, bytes: ENTRY_BYTES * (entries.length + 1) };
    });
  });
}
