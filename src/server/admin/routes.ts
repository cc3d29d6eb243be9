import type { FastifyInstance } from 'fastify';
import { adminUsersQuery, exportFileName, type AdminStats, type AdminSubscription, type AdminUser, type OperatorAuditEntry } from '../../shared/api/admin.js';
import type { Clock } from '../clock.js';
import { allow, userIdOf } from '../auth/index.js';
import type { Database } from '../db/client.js';
import { validate } from '../http/validate.js';
import type { OperatorAdmins } from '../users/index.js';
import { adminStats, listAdminSubscriptions } from './admin-stats.js';
import { listAdminUsers } from './admin-users.js';
import { exportUsersCsv } from './export-users.js';
import { listOperatorAudit, recordOperatorAction } from './operator-audit.js';

export interface AdminRouteDeps {
  db: Database;
  admins: OperatorAdmins;
  clock: Clock;
}

/** The operator's Admin Dashboard (operator admins only; everyone else 403). */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  const { db, clock } = deps;
  const adminOnly = allow('operator');

  app.get('/api/admin/stats', adminOnly, async (): Promise<AdminStats> => adminStats(db, clock()));

  app.get('/api/admin/users', adminOnly, async (request): Promise<AdminUser[]> => {
    const { search } = validate(adminUsersQuery, request.query);
    return listAdminUsers(db, search || undefined, clock());
  });

  app.get('/api/admin/subscriptions', adminOnly, async (): Promise<AdminSubscription[]> => listAdminSubscriptions(db, clock()));

  app.get('/api/admin/export-users', adminOnly, async (request, reply) => {
    const now = clock();
    const csv = await exportUsersCsv(db, now);
    // Audited before the list leaves: an export that cannot be recorded does not happen.
    await recordOperatorAction(db, userIdOf(request), 'users_export', request.ip);
    request.log.info('user list exported');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  app.get('/api/admin/audit-log', adminOnly, async (): Promise<OperatorAuditEntry[]> => listOperatorAudit(db));
}
