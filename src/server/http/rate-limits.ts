import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock.js';
import type { RateLimitSettings } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from './app-error.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { countRequest, peekRequests, postgresRateLimitStore } from './rate-limit-store.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/** Counts one request against a limit and says whether it may go ahead. */
export type RateLimitCheck = (request: FastifyRequest) => Promise<RateLimitVerdict>;

interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** Sign-in starts come before anyone is signed in: counted per client address (X-Forwarded-For with TRUST_PROXY). */
  per: 'user' | 'client';
  /** The refusal, given the limit and the wait. */
  refusal(max: number, wait: string): string;
}

function limitsOf(settings: RateLimitSettings) {
  return {
    signIn: {
      name: 'sign-in',
      max: settings.signInsPerMinute,
      windowMs: MINUTE_MS,
      per: 'client',
      refusal: (_max, wait) => `Too many sign-in attempts from your network. Please wait ${wait} and sign in again.`,
    },
    email: {
      name: 'email',
      max: settings.emailsPerHour,
      windowMs: HOUR_MS,
      per: 'user',
      refusal: (max, wait) => `You have sent the most emails allowed in an hour (${max} test and manual emails). Please try again in ${wait}.`,
    },
    check: {
      name: 'check',
      max: settings.checksPerHour,
      windowMs: HOUR_MS,
      per: 'user',
      refusal: (max, wait) => `You have run the most checks allowed in an hour (${max}). Please try again in ${wait}.`,
    },
    organization: {
      name: 'organization',
      max: settings.organizationsPerDay,
      windowMs: DAY_MS,
      per: 'user',
      refusal: (max, wait) => `You have created the most organizations allowed in a day (${max}). Please try again in ${wait}.`,
    },
  } satisfies Record<string, Limit>;
}

/** The JSON routes under a limit; sign-in starts check theirs themselves (they answer with a page). */
const LIMITED_ROUTES: Record<string, keyof ReturnType<typeof limitsOf>> = {
  'POST /api/send-test-email': 'email',
  'POST /api/send-manual-email': 'email',
  'POST /api/run-check': 'check',
  'POST /api/tenants': 'organization',
};

/**
 * The connector wire's limits (docs/connector.md §Rate limits), counted in PostgreSQL like the
 * others: wrong keys per client address, checked before a key is looked up, so a refused address
 * learns nothing about any key; then requests per connector key, checked before the body is read.
 */
export interface ConnectorLimits {
  /** Refuses with 429 a client address whose wrong keys reached the limit in the current hour. */
  refuseBlockedClient(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts a missing, wrong or revoked key against the client address. */
  countKeyFailure(request: FastifyRequest): Promise<void>;
  /** Counts one request of an authenticated connector; refuses with 429 past the limit. */
  countConnectorRequest(request: FastifyRequest, reply: FastifyReply, connectorId: string): Promise<void>;
}

function connectorLimitsOf(db: Database, clock: Clock, settings: RateLimitSettings): ConnectorLimits {
  const clientKey = (request: FastifyRequest) => `connector-key-failures:client:${normalizeIP(request.ip)}`;
  const seconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));
  return {
    async refuseBlockedClient(request, reply) {
      const { current, ttl } = await peekRequests(db, clock(), clientKey(request));
      if (current < settings.connectorKeyFailuresPerHour) return;
      const wait = seconds(ttl);
      refuse(reply, {
        allowed: false,
        retryAfterSeconds: wait,
        message: `Too many wrong connector keys from your network. Please wait ${describeWait(wait)}.`,
      });
    },
    async countKeyFailure(request) {
      await countRequest(db, clock(), clientKey(request), HOUR_MS);
    },
    async countConnectorRequest(_request, reply, connectorId) {
      const max = settings.connectorRequestsPerMinute;
      const { current, ttl } = await countRequest(db, clock(), `connector:${connectorId}`, MINUTE_MS);
      if (current <= max) return;
      const wait = seconds(ttl);
      refuse(reply, {
        allowed: false,
        retryAfterSeconds: wait,
        message: `This connector key sent more than ${max} requests in a minute. Please wait ${describeWait(wait)}.`,
      });
    },
  };
}

/** "45 seconds", "1 minute", "3 hours": how long until the window ends. */
export function describeWait(seconds: number): string {
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 3_600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3_600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** Refuses with 429, `Retry-After` and the verdict's message as `{ message }`. */
function refuse(reply: FastifyReply, verdict: Extract<RateLimitVerdict, { allowed: false }>): never {
  reply.header('retry-after', String(verdict.retryAfterSeconds));
  throw new AppError(429, verdict.message);
}

/**
 * Rate limits on the requests that cost the most or can be abused: sign-in starts (each writes
 * a pending sign-in row), test and manual emails (mail from the organization's mailbox to any
 * address), run-check (a full directory read) and organization creation. Counters live in
 * PostgreSQL, so a limit is the same however many instances serve the app.
 *
 * Call before any route is declared: the limits attach to the routes above as they are added,
 * after the routes' own guards (a user is known by then). Returns the sign-in start's check and
 * the connector wire's limits, which its routes apply themselves (before reading a body).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; settings: RateLimitSettings },
): Promise<{ signIn: RateLimitCheck; connector: ConnectorLimits }> {
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(deps.db, deps.clock) });
  const limits = limitsOf(deps.settings);

  const checkOf = (limit: Limit): RateLimitCheck => {
    const count = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${limit.name}:${limit.per === 'user' ? `user:${request.auth?.userId}` : `client:${normalizeIP(request.ip)}`}`,
    });
    return async (request) => {
      if (limit.per === 'user' && !request.auth) throw new Error(`the ${limit.name} limit needs a signed-in user: put it after requireUser`);
      const result = await count(request);
      if (result.isAllowed || !result.isExceeded) return { allowed: true };
      return { allowed: false, retryAfterSeconds: result.ttlInSeconds, message: limit.refusal(limit.max, describeWait(result.ttlInSeconds)) };
    };
  };

  const routeLimiters = new Map<string, preHandlerAsyncHookHandler>();
  for (const [route, name] of Object.entries(LIMITED_ROUTES)) {
    const check = checkOf(limits[name]);
    routeLimiters.set(route, async (request, reply) => {
      const verdict = await check(request);
      if (!verdict.allowed) refuse(reply, verdict);
    });
  }
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const limiter = routeLimiters.get(`${method} ${route.url}`);
      if (!limiter) continue;
      const guards = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      route.preHandler = [...guards, limiter];
    }
  });

  return { signIn: checkOf(limits.signIn), connector: connectorLimitsOf(deps.db, deps.clock, deps.settings) };
}
