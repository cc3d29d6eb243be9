import type { FastifyInstance, RouteOptions } from 'fastify';
import { type MemberRole, roleAtLeast, roleMessages } from '../../shared/domain/member-roles.js';
import { forbidden } from '../http/app-error.js';
import type { Guard, Guards } from './guards.js';

/**
 * Who may call a route (docs/architecture.md §Roles per route): anyone; a Passwatch Connector
 * holding a key (checked by the on-premises module's own hook, not a session); any signed-in user; an
 * operator admin; or a member of the organization named by `x-tenant-id` holding at least the
 * given role (`viewer` is any member).
 */
export type RouteAccess = 'public' | 'connector' | 'signed-in' | 'operator' | MemberRole;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A GET that may change an organization's data (docs/architecture.md §Reads kept between changes). */
    changesData?: boolean;
  }
}

/**
 * The route options that declare who may call a route: `app.get(url, allow('admin'), handler)`.
 * A GET that may change an organization's data says so (`{ changesData: true }`), as every other
 * method is taken to, so the reads this instance kept of it are dropped before it answers.
 */
export function allow(access: RouteAccess, options: { changesData?: true } = {}): { config: { access: RouteAccess; changesData?: true } } {
  return { config: { access, ...options } };
}

/** The access a route declared, or null (only routes outside /api, the web app's files, may have none). */
export function accessOf(route: Pick<RouteOptions, 'config'>): RouteAccess | null {
  return (route.config as { access?: RouteAccess } | undefined)?.access ?? null;
}

/**
 * Every /api route must declare its access: registering one that does not throws, so the app does
 * not start and no route can be forgotten. One hook then enforces the declaration before the
 * route's own handlers run.
 */
export function registerRouteAccess(app: FastifyInstance, guards: Guards & { requireOperator: Guard }): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || accessOf(route)) return;
    throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no access: add allow('<role>') (docs/architecture.md §Roles per route)`);
  });
  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public' || access === 'connector') return;
    if (access === 'signed-in') return guards.requireUser(request, reply);
    if (access === 'operator') return guards.requireOperator(request, reply);
    await guards.requireTenant(request, reply);
    const role = request.tenantAccess!.role;
    if (!roleAtLeast(role, access)) throw forbidden(roleMessages.forbidden(role, access));
  });
}
