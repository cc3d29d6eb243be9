import type { FastifyInstance } from 'fastify';
import { auditLogPageQuery, latestAuditLogsParams } from '../../shared/api/audit.js';
import { allow, tenantIdOf } from '../auth/index.js';
import type { Database } from '../db/client.js';
import { validate } from '../http/validate.js';
import { latestAuditLogs, pageAuditLogs } from './list-audit-logs.js';

export function registerAuditRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get('/api/audit-logs', allow('viewer'), async (request) => {
    const { page, pageSize } = validate(auditLogPageQuery, request.query);
    return pageAuditLogs(deps.db, tenantIdOf(request), page, pageSize);
  });

  app.get('/api/audit-logs/:limit', allow('viewer'), async (request) => {
    const { limit } = validate(latestAuditLogsParams, request.params);
    return latestAuditLogs(deps.db, tenantIdOf(request), limit);
  });
}
