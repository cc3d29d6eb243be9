import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { accountMailOutbox, auditLogs, automationRuns, emailSends } from '../db/schema/index.js';
import { createOrganization, createUser } from '../test-support/factories.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { startJobs } from './job-runner.js';
import { deleteOldRecords, monthsBefore, RETENTION_JOB, registerRetentionJobs } from './retention.js';

let database: DatabaseHandle & { url: string };
const now = new Date('2026-11-27T12:00:00Z');
const clock = () => now;
const retention = { auditMonths: 13, recordsMonths: 6 };
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Rows of every kind on both sides of the cutoffs (6 months: 2026-05-27; 13 months: 2025-10-27); returns the ids of each. */
async function seed() {
  const { db } = database;
  const owner = await createUser(db);
  const tenant = await createOrganization(db, owner);
  const [oldRun, youngRun, oldRunning] = await db
    .insert(automationRuns)
    .values([
      { tenantId: tenant.id, trigger: 'manual', localDay: dayOf(daysAgo(200)), status: 'completed', startedAt: daysAgo(200), finishedAt: daysAgo(200) },
      { tenantId: tenant.id, trigger: 'manual', localDay: dayOf(daysAgo(170)), status: 'failed', startedAt: daysAgo(170), finishedAt: daysAgo(170) },
      // Never finished: not a record of the past yet (marked interrupted at the next start).
      { tenantId: tenant.id, trigger: 'manual', localDay: dayOf(daysAgo(300)), status: 'running', startedAt: daysAgo(300), finishedAt: null },
    ])
    .returning({ id: automationRuns.id });
  const mail = (label: string, state: 'sent' | 'failed' | 'queued' | 'deferred', createdDaysAgo: number, expiryDaysAgo: number) => ({
    tenantId: tenant.id,
    kind: 'reminder' as const,
    graphUserId: `${label}-user`,
    recipient: `${label}@contoso.com`,
    displayName: label,
    threshold: 7,
    expiryDate: dayOf(daysAgo(expiryDaysAgo)),
    localDay: dayOf(daysAgo(createdDaysAgo)),
    senderMailbox: 'it@contoso.com',
    state,
    runId: oldRun!.id,
    nextAttemptAt: daysAgo(createdDaysAgo),
    createdAt: daysAgo(createdDaysAgo),
  });
  const ledger = await db
    .insert(emailSends)
    .values([
      mail('old-sent', 'sent', 200, 193),
      mail('old-failed', 'failed', 195, 188),
      mail('young-sent', 'sent', 170, 163),
      // Old but still waiting: mail that has not gone out is never deleted.
      mail('old-queued', 'queued', 200, 193),
      mail('old-deferred', 'deferred', 200, 193),
      // Written long ago for an expiry inside the window: a check could still plan it, so it stays.
      mail('old-row-recent-expiry', 'sent', 200, 100),
    ])
    .returning({ id: emailSends.id, recipient: emailSends.recipient });
  const audit = await db
    .insert(auditLogs)
    .values([
      { tenantId: tenant.id, category: 'automation', status: 'success', message: 'old', createdAt: daysAgo(400) },
      { tenantId: tenant.id, category: 'automation', status: 'success', message: 'young', createdAt: daysAgo(380) },
      { tenantId: tenant.id, category: 'automation', status: 'success', message: 'recent', createdAt: daysAgo(10) },
    ])
    .returning({ id: auditLogs.id, message: auditLogs.message });
  const outbox = (label: string, state: 'sent' | 'failed' | 'queued', createdDaysAgo: number) => ({
    kind: 'security_alert' as const,
    dedupeKey: `${tenant.id}:${label}`,
    tenantId: tenant.id,
    userId: owner.id,
    recipient: `owner-${label}@contoso.com`,
    payload: {},
    state,
    nextAttemptAt: daysAgo(createdDaysAgo),
    createdAt: daysAgo(createdDaysAgo),
    sentAt: state === 'sent' ? daysAgo(createdDaysAgo) : null,
  });
  const accountMail = await db
    .insert(accountMailOutbox)
    .values([outbox('old-sent', 'sent', 200), outbox('old-failed', 'failed', 200), outbox('young-sent', 'sent', 100), outbox('old-queued', 'queued', 200)])
    .returning({ id: accountMailOutbox.id, dedupeKey: accountMailOutbox.dedupeKey });
  return { tenantId: tenant.id, runs: { oldRun: oldRun!.id, youngRun: youngRun!.id, oldRunning: oldRunning!.id }, ledger, audit, accountMail };
}

async function remainingOf(seeded: Awaited<ReturnType<typeof seed>>) {
  const { db } = database;
  const runs = await db.select({ id: automationRuns.id }).from(automationRuns).where(eq(automationRuns.tenantId, seeded.tenantId));
  const ledger = await db.select({ recipient: emailSends.recipient, runId: emailSends.runId }).from(emailSends).where(eq(emailSends.tenantId, seeded.tenantId));
  const audit = await db.select({ message: auditLogs.message }).from(auditLogs).where(eq(auditLogs.tenantId, seeded.tenantId));
  const mail = await db
    .select({ dedupeKey: accountMailOutbox.dedupeKey })
    .from(accountMailOutbox)
    .where(
      inArray(
        accountMailOutbox.id,
        seeded.accountMail.map((row) => row.id),
      ),
    );
  return {
    runs: runs.map((row) => row.id).sort(),
    ledger: ledger.map((row) => row.recipient).sort(),
    audit: audit.map((row) => row.message).sort(),
    accountMail: mail.map((row) => row.dedupeKey.split(':')[1]).sort(),
    ledgerRunIds: ledger.map((row) => row.runId),
  };
}

describe('retention', () => {
  it('counts months on the calendar', () => {
    expect(monthsBefore(now, 6).toISOString()).toBe('2026-05-27T12:00:00.000Z');
    expect(monthsBefore(now, 13).toISOString()).toBe('2025-10-27T12:00:00.000Z');
  });

  it('deletes, in batches, only finished rows older than their setting', async () => {
    const seeded = await seed();
    // Batches of 1: every kind with two old rows needs several statements.
    const counts = await deleteOldRecords({ db: database.db, clock, retention, batchSize: 1 });
    // The first test of this file's own database: these are all the old rows there are.
    expect(counts).toEqual({ ledger: 2, runs: 1, audit: 1, accountMail: 2 });

    const remaining = await remainingOf(seeded);
    expect(remaining.ledger).toEqual(['old-deferred@contoso.com', 'old-queued@contoso.com', 'old-row-recent-expiry@contoso.com', 'young-sent@contoso.com']);
    expect(remaining.runs).toEqual([seeded.runs.youngRun, seeded.runs.oldRunning].sort());
    // The deleted run's mail that stays is kept, without its run.
    expect(remaining.ledgerRunIds).toEqual([null, null, null, null]);
    expect(remaining.audit).toEqual(['recent', 'young']);
    expect(remaining.accountMail).toEqual(['old-queued', 'young-sent']);

    // Nothing left to delete: a second run deletes nothing of this organization.
    await deleteOldRecords({ db: database.db, clock, retention, batchSize: 1 });
    expect(await remainingOf(seeded)).toEqual(remaining);
  });

  it('keeps everything younger than longer settings', async () => {
    const seeded = await seed();
    await deleteOldRecords({ db: database.db, clock, retention: { auditMonths: 24, recordsMonths: 12 } });
    const remaining = await remainingOf(seeded);
    expect(remaining.ledger).toHaveLength(6);
    expect(remaining.runs).toHaveLength(3);
    expect(remaining.audit).toHaveLength(3);
    expect(remaining.accountMail).toHaveLength(4);
  });

  it('is a daily pg-boss job', async () => {
    const jobs = await startJobs(database.url, [(boss) => registerRetentionJobs(boss, { db: database.db, clock, retention, log: { info: () => {} } })], {
      onError: () => {},
    });
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.find((schedule) => schedule.name === RETENTION_JOB)).toMatchObject({ cron: '23 3 * * *', timezone: 'UTC' });
    } finally {
      await jobs.stop(0);
    }
  });
});
