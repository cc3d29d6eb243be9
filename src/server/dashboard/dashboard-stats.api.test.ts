import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../shared/domain/days-until.js';
import { nextCheckTime } from '../../shared/domain/schedule.js';
import { instantOfWallClock } from '../../shared/domain/zoned-time.js';
import { billingSubscriptions, configurations, emailSends } from '../db/schema/index.js';
import { expectedRecipients, NotificationHarness, waitFor } from '../notifications/test-support/notification-harness.js';
import { countStatements } from '../test-support/count-statements.js';
import { readDashboardState } from './dashboard-stats.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

describe('GET /api/dashboard-stats', () => {
  it('counts users, expiring passwords and mail sent today, with the schedule and connection', async () => {
    const customer = await harness.createCustomer({ users: 25 });
    const before = (await harness.request(customer, 'GET', '/api/dashboard-stats')).json();
    expect(before).toMatchObject({
      activeUsers: 0,
      expiringSoon: 0,
      emailsSentToday: 0,
      lastRun: null,
      automationEnabled: true,
      connectionStatus: 'unknown',
      configured: true,
    });
    expect(before.nextCheck).toBe(nextCheckTime({ checkTime: '08:00', timeZone: 'UTC', weekendProcessing: 'include', now: new Date() }).toISOString());

    const check = (await harness.request(customer, 'POST', '/api/run-check', {})).json();
    await waitFor(() => harness.mail(customer).length >= check.summary.queued, 20_000, 'the reminders');
    await waitFor(
      async () => (await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId))).every((row) => row.state === 'sent'),
      5_000,
      'the ledger',
    );
    const after = (await harness.request(customer, 'GET', '/api/dashboard-stats')).json();
    expect(after).toMatchObject({
      activeUsers: check.summary.usersInScope,
      expiringSoon: check.summary.expiringUsers,
      emailsSentToday: expectedRecipients(customer, new Date()).length,
      connectionStatus: 'connected',
    });
    expect(after.expiringSoon).toBeGreaterThan(0);
    expect(Date.parse(after.lastRun)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('schedules no check once a subscription suspended at the end of its period has ended', async () => {
    const customer = await harness.createCustomer({ users: 1 });
    const suspend = (currentPeriodEnd: Date) =>
      harness.database.db
        .insert(billingSubscriptions)
        .values({
          tenantId: customer.tenantId,
          paypalSubscriptionId: 'I-DASH',
          paypalStatus: 'ACTIVE',
          currentPeriodEnd,
          cancelAtPeriodEnd: true,
          lastSyncedAt: new Date(),
        })
        .onConflictDoUpdate({ target: billingSubscriptions.tenantId, set: { currentPeriodEnd } });
    const nextCheck = async () => (await harness.request(customer, 'GET', '/api/dashboard-stats')).json().nextCheck;
    await suspend(new Date(Date.now() + 3_600_000));
    expect(await nextCheck()).toEqual(expect.any(String));
    await suspend(new Date(Date.now() - 1_000));
    expect(await nextCheck()).toBeNull();
  });

  it('shows an organization without configuration as not configured and not scheduled', async () => {
    const customer = await harness.createCustomer({ users: 2 });
    await harness.database.db.delete(configurations).where(eq(configurations.tenantId, customer.tenantId));
    const stats = (await harness.request(customer, 'GET', '/api/dashboard-stats')).json();
    expect(stats).toEqual({
      activeUsers: 0,
      expiringSoon: 0,
      emailsSentToday: 0,
      nextCheck: null,
      lastRun: null,
      automationEnabled: false,
      connectionStatus: 'unknown',
      configured: false,
    });
  });

  it("counts mail sent today in the organization's zone as stored, even right after another instance changed it, in one statement", async () => {
    const customer = await harness.createCustomer({ users: 2, configuration: { timeZone: 'Pacific/Kiritimati' } });
    const db = harness.database.db;
    const now = new Date();
    // 25 hours apart: their days start an hour or 23 hours apart, never together.
    const [ahead, behind] = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const startOfToday = (timeZone: string) => instantOfWallClock(localDateOf(now, timeZone), 0, timeZone).getTime();
    const sentAt = new Date((startOfToday(ahead) + startOfToday(behind)) / 2);
    const sentTodayIn = (timeZone: string) => (sentAt.getTime() >= startOfToday(timeZone) ? 1 : 0);
    expect(sentTodayIn(ahead)).not.toBe(sentTodayIn(behind));
    const today = localDateOf(now, ahead);
    await db.insert(emailSends).values({
      tenantId: customer.tenantId,
      kind: 'reminder',
      recipient: 'ada@contoso.com',
      displayName: 'Ada',
      expiryDate: today,
      localDay: today,
      threshold: 0,
      senderMailbox: 'it@contoso.com',
      state: 'sent',
      attempts: 1,
      nextAttemptAt: sentAt,
      createdAt: sentAt,
      sentAt,
    });
    const stats = async () => (await harness.request(customer, 'GET', '/api/dashboard-stats')).json();
    expect((await stats()).emailsSentToday).toBe(sentTodayIn(ahead));
    const steady = await countStatements(harness.database.db.$client, () => readDashboardState(db, customer.tenantId, now));
    expect(steady).toMatchObject({ result: { counts: { emailsSentToday: sentTodayIn(ahead) } }, statements: 1 });

    // Changed in the database as another instance's save would: this instance was not told.
    await db.update(configurations).set({ timeZone: behind }).where(eq(configurations.tenantId, customer.tenantId));
    expect((await stats()).emailsSentToday).toBe(sentTodayIn(behind));
    expect((await countStatements(harness.database.db.$client, () => readDashboardState(db, customer.tenantId, now))).statements).toBe(1);
  });
});
