import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { loginRequests, rateLimitCounters, sessions } from '../db/schema/index.js';
import { createUser } from '../test-support/factories.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { startJobs } from './job-runner.js';
import { PURGE_EXPIRED_RECORDS_JOB, purgeExpiredRecords, registerPurgeJobs } from './purge-expired-records.js';

let database: DatabaseHandle & { url: string };
const now = new Date('2026-03-02T12:00:00Z');
const clock = () => now;
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Expired and live rows of each kind; returns the live ones' keys. */
async function seed(label: string) {
  const user = await createUser(database.db);
  await database.db.insert(sessions).values([
    { tokenHash: `${label}-expired`, userId: user.id, createdAt: minutesAgo(600), lastSeenAt: minutesAgo(300), expiresAt: minutesAgo(1) },
    { tokenHash: `${label}-live`, userId: user.id, createdAt: minutesAgo(600), lastSeenAt: minutesAgo(5), expiresAt: minutesAgo(-60) },
  ]);
  await database.db.insert(loginRequests).values([
    { state: `${label}-abandoned`, codeVerifier: 'v', nonce: 'n', createdAt: minutesAgo(11) },
    { state: `${label}-in-progress`, codeVerifier: 'v', nonce: 'n', createdAt: minutesAgo(2) },
  ]);
  await database.db.insert(rateLimitCounters).values([
    { key: `${label}:over`, hits: 9, windowEndsAt: minutesAgo(0) },
    { key: `${label}:counting`, hits: 3, windowEndsAt: minutesAgo(-30) },
  ]);
  return { session: `${label}-live`, loginRequest: `${label}-in-progress`, counter: `${label}:counting` };
}

async function remaining() {
  return {
    sessions: (await database.db.select().from(sessions)).map((row) => row.tokenHash),
    loginRequests: (await database.db.select().from(loginRequests)).map((row) => row.state),
    counters: (await database.db.select().from(rateLimitCounters)).map((row) => row.key),
  };
}

const sessionStore = () => new SessionStore(database.db, { idleTimeoutMs: 3_600_000, maxAgeMs: 86_400_000 }, clock);

describe('purgeExpiredRecords', () => {
  it('deletes expired sessions, sign-in requests older than ten minutes and finished rate-limit windows; keeps the rest', async () => {
    const live = await seed('direct');
    const counts = await purgeExpiredRecords({ db: database.db, sessions: sessionStore(), clock });
    expect(counts).toEqual({ sessions: 1, loginRequests: 1, rateLimitCounters: 1 });
    expect(await remaining()).toEqual({ sessions: [live.session], loginRequests: [live.loginRequest], counters: [live.counter] });

    expect(await purgeExpiredRecords({ db: database.db, sessions: sessionStore(), clock })).toEqual({ sessions: 0, loginRequests: 0, rateLimitCounters: 0 });
  });

  it('runs as a pg-boss job', async () => {
    const live = await seed('job');
    const logged: object[] = [];
    const errors: Error[] = [];
    const runner = await startJobs(
      database.pool,
      [(boss) => registerPurgeJobs(boss, { db: database.db, sessions: sessionStore(), clock, log: { info: (details) => void logged.push(details) } })],
      {
        onError: (error) => errors.push(error),
      },
    );
    try {
      const schedules = await runner.boss.getSchedules();
      expect(schedules.map((schedule) => schedule.name)).toContain(PURGE_EXPIRED_RECORDS_JOB);
      await runner.boss.send(PURGE_EXPIRED_RECORDS_JOB, {});
      const deadline = Date.now() + 20_000;
      while (logged.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logged).toEqual([{ sessions: 1, loginRequests: 1, rateLimitCounters: 1 }]);
      const left = await remaining();
      expect(left.sessions).toContain(live.session);
      expect(left.sessions).not.toContain('job-expired');
      expect(left.loginRequests).not.toContain('job-abandoned');
      expect(left.counters).not.toContain('job:over');
    } finally {
      await runner.stop();
    }
    expect(errors).toEqual([]);
  });
});
