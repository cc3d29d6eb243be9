import type { FastifyInstance } from 'fastify';
import type { DashboardStats } from '../../shared/api/dashboard.js';
import { allow, tenantIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { dashboardStats } from './dashboard-stats.js';

export function registerDashboardRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  app.get('/api/dashboard-stats', allow('viewer'), async (request): Promise<DashboardStats> => dashboardStats(deps, tenantIdOf(request)));
}
