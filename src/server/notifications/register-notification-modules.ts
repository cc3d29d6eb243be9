import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth/guards.js';
import { registerAutomationRoutes } from '../automation/routes.js';
import { registerDashboardRoutes } from '../dashboard/routes.js';
import type { NotificationServices } from './notification-services.js';
import { registerNotificationRoutes } from './routes.js';

/** Sending (template, users table, manual and test mail), automation (checks, switch) and dashboard routes. */
export function registerNotificationModules(app: FastifyInstance, deps: { services: NotificationServices; guards: Guards }): void {
  registerNotificationRoutes(app, deps);
  registerAutomationRoutes(app, deps);
  registerDashboardRoutes(app, { db: deps.services.db, clock: deps.services.clock, guards: deps.guards });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sending and automation services; main.ts hands them to the job runner (registerAutomationJobs). */
    notifications: NotificationServices;
  }
}
