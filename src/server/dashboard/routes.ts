import type { FastifyInstance } from 'fastify';
import type { DashboardStats } from '../../shared/api/dashboard.js';
import type { OrganizationOverview } from '../../shared/api/organizations-overview.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { stillToday } from '../configuration/index.js';
import type { TenantReadCache } from '../db/tenant-read-cache.js';
import { dashboardStatsOf, readDashboardState } from './dashboard-stats.js';
import { organizationsOverview } from './organizations-overview.js';

/** About what a kept DashboardState holds in memory. */
const DASHBOARD_STATE_BYTES = 2_048;

export function registerDashboardRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock; reads: TenantReadCache }): void {
  // Polled every 30 s: the state is kept until the organization changes or its day ends (docs/architecture.md §Reads kept between changes).
  app.get('/api/dashboard-stats', allow('viewer'), async (request): Promise<DashboardStats> => {
    const tenantId = tenantIdOf(request);
    const now = deps.clock();
    const read = await deps.reads.read(
      tenantId,
      'dashboard-stats',
      async () => ({ value: await readDashboardState(deps.db, tenantId, now), bytes: DASHBOARD_STATE_BYTES }),
      stillToday(now),
    );
    return dashboardStatsOf(read, now);
  });

  // Every organization of the user, each showing only what the user may read there (any role reads these figures).
  app.get(
    '/api/organizations/overview',
    allow('signed-in'),
    async (request): Promise<OrganizationOverview[]> => organizationsOverview(deps, userIdOf(request)),
  );
}
