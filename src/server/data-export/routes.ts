import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DATA_EXPORT_PATH, dataExportFileName } from '../../shared/api/data-export.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import { readConfiguration, toConfigurationDto } from '../configuration/index.js';
import type { Database } from '../db/client.js';
import { exportArchive } from './export-archive.js';

export interface DataExportRouteDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * GET /api/organization/export (owner only): the organization's configuration, users table, send
 * ledger and audit log as a zip (export-archive.ts). Each export is in the audit log.
 */
export function registerDataExportRoutes(app: FastifyInstance, deps: DataExportRouteDeps): void {
  app.get(DATA_EXPORT_PATH, allow('owner', { changesData: true }), async (request, reply) => {
    const tenantId = tenantIdOf(request);
    const actorUserId = userIdOf(request);
    const now = deps.clock();
    await recordAudit(deps.db, tenantId, {
      category: 'account',
      status: 'success',
      message: `Data export downloaded by ${await actorNameOf(deps.db, actorUserId)}`,
      actorUserId,
      createdAt: now,
    });
    const configuration = toConfigurationDto(await readConfiguration(deps.db, tenantId));
    const archive = exportArchive(deps.db, tenantId, configuration);
    archive.on('error', (error) => deps.log.error({ err: error, tenantId }, 'data export cut off'));
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${dataExportFileName(now)}"`)
      .header('cache-control', 'no-store')
      .send(archive);
  });
}
