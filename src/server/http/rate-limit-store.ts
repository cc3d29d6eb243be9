import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';

/**
 * Counts one request against `key` in a fixed window of `windowMs`: a window that is over starts
 * again at 1. One atomic upsert, so instances counting the same key at once never lose a hit.
 */
export async function countRequest(db: Database, now: Date, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const windowOver = sql`${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${windowOver} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
  return { current: row!.hits, ttl: Math.max(0, row!.windowEndsAt.getTime() - now.getTime()) };
}

/**
 * @fastify/rate-limit's store interface over PostgreSQL, so a limit holds across all instances
 * behind the load balancer (an in-memory store would allow it once per instance).
 */
export function postgresRateLimitStore(db: Database, clock: Clock): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countRequest(db, clock(), key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return new PostgresRateLimitStore();
    }
  }
  return PostgresRateLimitStore;
}

/** What `key` has counted in its current window, without counting: 0 when no window is open. */
export async function peekRequests(db: Database, now: Date, key: string): Promise<{ current: number; ttl: number }> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowEndsAt, now)));
  return row ? { current: row.hits, ttl: row.windowEndsAt.getTime() - now.getTime() } : { current: 0, ttl: 0 };
}
