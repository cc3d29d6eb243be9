import { lt, lte } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { LOGIN_STATE_MAX_AGE_SECONDS, type SessionStore } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { loginRequests, rateLimitCounters } from '../db/schema/index.js';

export const PURGE_EXPIRED_RECORDS_JOB = 'purge-expired-records';
/** Hourly: nothing expired is used (every read checks the deadline), so this only keeps the tables small. */
const PURGE_EXPIRED_RECORDS_CRON = '7 * * * *';

export interface PurgeCounts {
  sessions: number;
  loginRequests: number;
  rateLimitCounters: number;
}

export interface PurgeDeps {
  db: Database;
  sessions: SessionStore;
  clock: Clock;
}

/**
 * Deletes what can no longer be used: expired sessions, sign-in requests older than a sign-in may
 * take (abandoned at the provider's page, or started by a script), and rate-limit counters whose
 * window is over.
 */
export async function purgeExpiredRecords(deps: PurgeDeps): Promise<PurgeCounts> {
  const now = deps.clock();
  const sessions = await deps.sessions.sweepExpired();
  const signInCutoff = new Date(now.getTime() - LOGIN_STATE_MAX_AGE_SECONDS * 1000);
  const staleSignIns = await deps.db.delete(loginRequests).where(lt(loginRequests.createdAt, signInCutoff)).returning({ state: loginRequests.state });
  const overCounters = await deps.db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, now)).returning({ key: rateLimitCounters.key });
  return { sessions, loginRequests: staleSignIns.length, rateLimitCounters: overCounters.length };
}

/** The hourly purge, run by one instance at a time. */
export async function registerPurgeJobs(boss: PgBoss, deps: PurgeDeps & { log: { info(details: object, message: string): void } }): Promise<void> {
  await boss.createQueue(PURGE_EXPIRED_RECORDS_JOB, { name: PURGE_EXPIRED_RECORDS_JOB, policy: 'singleton', retryLimit: 0 });
  await boss.schedule(PURGE_EXPIRED_RECORDS_JOB, PURGE_EXPIRED_RECORDS_CRON, {}, { tz: 'UTC' });
  await boss.work(PURGE_EXPIRED_RECORDS_JOB, async () => {
    const purged = await purgeExpiredRecords(deps);
    deps.log.info(purged, 'expired records purged');
  });
}
