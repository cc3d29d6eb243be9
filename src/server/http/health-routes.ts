import { allow } from '../auth/index.js';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { migrationsApplied } from '../db/migrate.js';

/** How long /api/ready waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 3_000;

export const readinessReasons = {
  unreachable: 'The database is unreachable',
  migrations: 'The database migrations of this version are not applied',
} as const;

/** `promise`, or a rejection once `ms` have passed without it settling. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health: liveness, the process answers (no database), for restarts by a supervisor.
 * GET /api/ready: readiness, for load balancers: 200 when the database answers and this version's
 * migrations are applied, otherwise 503 with the reason (the detail goes to the log only: the
 * endpoint is public).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): void {
  app.get('/api/health', allow('public'), async () => ({ status: 'ok' }));
  app.get('/api/ready', allow('public'), async (request, reply) => {
    let applied: boolean;
    try {
      applied = await within(migrationsApplied(deps.pool), READY_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unreachable');
      return reply.code(503).send({ status: 'unavailable', reason: readinessReasons.unreachable });
    }
    if (!applied) return reply.code(503).send({ status: 'unavailable', reason: readinessReasons.migrations });
    return { status: 'ready' };
  });
}
