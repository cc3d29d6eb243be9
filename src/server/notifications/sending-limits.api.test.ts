import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailSends } from '../db/schema/index.js';
import { drainTenant } from './drain-tenant.js';
import { expectedRecipients, NotificationHarness, recipientCounts, waitFor, type Customer } from './test-support/notification-harness.js';

const drainFor = (ms: number) => ({ deadline: new Date(Date.now() + ms), maxWaitMs: 30_000 });

describe('two server instances on one database', () => {
  let harness: NotificationHarness;

  beforeAll(async () => {
    // Each request takes 150 ms at the simulator: one instance alone would keep 4 in flight; two uncoordinated ones 8, which Exchange refuses.
    harness = await NotificationHarness.start({ env: { MAIL_RATE_PER_MINUTE: '3000' }, simulator: { mailMessagesPerMinute: 3000, mailConcurrentRequests: 4 } });
    await harness.startInstance({ jobs: false });
    await harness.startInstance({ jobs: false });
  });
  afterAll(async () => {
    await harness?.close();
  });

  const sendStates = async (tenantId: string) =>
    (await harness.database.db.select({ state: emailSends.state }).from(emailSends).where(eq(emailSends.tenantId, tenantId))).map((row) => row.state);

  it('plan and send each mail once, together within the mailbox limits', async () => {
    // Enough mail to keep both instances busy for a few seconds.
    const customer = await harness.createCustomer({ users: 120 });
    const expected = expectedRecipients(customer, new Date());
    const [a, b] = harness.instances;
    const checks = await Promise.all([a!, b!].map((instance) => harness.request(customer, 'POST', '/api/run-check', {}, instance.app)));
    const queued = checks.map((response) => (response.json() as { summary: { queued: number } }).summary.queued);
    expect(queued[0]! + queued[1]!).toBe(expected.length);

    harness.simulator.state.faults = { ...harness.simulator.state.faults, latencyMs: 150 };
    try {
      // A starts; once it has mail in flight B joins, and for A's second both compete for the
      // mailbox's 4 slots. Then A stops at its deadline and B sends the rest: both send, always.
      // In that second, 150 ms requests on 4 slots leave A at most ~4 × 1000/150 + 4 ≈ 31 mails.
      expect(expected.length).toBeGreaterThan(60);
      const drainingA = drainTenant(a!.app.notifications, customer.tenantId, drainFor(1_000));
      await waitFor(async () => (await sendStates(customer.tenantId)).some((state) => state !== 'queued'), 10_000, 'A to claim a mail');
      const drainingB = drainTenant(b!.app.notifications, customer.tenantId, drainFor(60_000));
      const results = await Promise.all([drainingA, drainingB]);
      expect(results[0]).toMatchObject({ unfinished: true, failed: 0, deferred: 0 });
      expect(results[0]!.sent).toBeGreaterThan(0);
      expect(results[1]).toMatchObject({ unfinished: false, failed: 0, deferred: 0 });
      expect(results[1]!.sent).toBeGreaterThan(0);
      expect(results[0]!.sent + results[1]!.sent).toBe(expected.length);
    } finally {
      harness.simulator.state.faults.latencyMs = 0;
    }
    expect([...recipientCounts(harness.mail(customer)).entries()].sort()).toEqual(expected.map((address) => [address, 1]));
    const rows = await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));
    // Not one 429: the instances shared the 4 concurrent requests and the rate through the database.
    expect(rows.map((row) => [row.state, row.deferrals, row.attempts])).toEqual(rows.map(() => ['sent', 0, 1]));
  });
});

describe('the 24-hour limit', () => {
  let harness: NotificationHarness;
  let customer: Customer;

  beforeAll(async () => {
    harness = await NotificationHarness.start({ env: { MAIL_RATE_PER_MINUTE: '3000', MAIL_DAILY_LIMIT: '5' }, simulator: { mailMessagesPerMinute: 3000 } });
    await harness.startInstance({ jobs: false });
    customer = await harness.createCustomer({ users: 20 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('carries the rest over to when the window frees up, and says so in the audit log', async () => {
    const expected = expectedRecipients(customer, new Date());
    expect(expected.length).toBeGreaterThan(5);
    await harness.request(customer, 'POST', '/api/run-check', {});
    const result = await drainTenant(harness.app.notifications, customer.tenantId, drainFor(30_000));
    expect(result.sent).toBe(5);
    expect(harness.mail(customer)).toHaveLength(5);

    const rows = await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));
    const sent = rows.filter((row) => row.state === 'sent');
    const carried = rows.filter((row) => row.state === 'deferred');
    expect(carried).toHaveLength(expected.length - 5);
    expect(carried.every((row) => row.errorKind === 'mailbox_limit' && row.lastError?.includes('reached its Exchange Online limit'))).toBe(true);
    const oldestSent = Math.min(...sent.map((row) => row.sentAt!.getTime()));
    expect(new Set(carried.map((row) => row.nextAttemptAt.getTime()))).toEqual(new Set([oldestSent + 86_400_000]));

    const warnings = await harness.database.db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, customer.tenantId), eq(auditLogs.status, 'warning')));
    expect(warnings.map((entry) => entry.message)).toEqual([
      `Daily sending limit of 5 emails per 24 hours reached for ${customer.directory.credentials.fromEmail}: ` +
        `${expected.length - 5} emails carry over and go out from ${new Date(oldestSent + 86_400_000).toISOString()}.`,
    ]);

    // A second drain the same day sends nothing and does not repeat the warning.
    expect(await drainTenant(harness.app.notifications, customer.tenantId, drainFor(5_000))).toMatchObject({ sent: 0 });
    expect(harness.mail(customer)).toHaveLength(5);
  });
});
