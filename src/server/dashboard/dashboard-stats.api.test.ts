import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextCheckTime } from '../../shared/domain/schedule.js';
import { configurations, emailSends } from '../db/schema/index.js';
import { expectedRecipients, NotificationHarness, waitFor } from '../notifications/test-support/notification-harness.js';

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
});
