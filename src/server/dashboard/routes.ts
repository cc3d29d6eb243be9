import type { FastifyInstance } from 'fastify';
import type { DashboardStats } from '../../shared/api/dashboard.js';
import type { OrganizationOverview } from '../../shared/api/organizations-overview.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { dashboardStats } from './dashboard-stats.js';
import { organizationsOverview } from './organizations-overview.js';

export function registerDashboardRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  app.get('/api/dashboard-stats', allow('viewer'), async (request): Promise<DashboardStats> => dashboardStats(deps, tenantIdOf(request)));

  // Every organization of the user, each showing only what the user may read there (any role reads these figures).
  app.get(
    '/api/organizations/overview',
    allow('signed-in'),
    async (request): Promise<OrganizationOverview[]> => organizationsOverview(deps, userIdOf(request)),
  );
}
