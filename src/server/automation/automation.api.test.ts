import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextCheckTime } from '../../shared/domain/schedule.js';
import { auditLogs, automationRuns, automationSchedules, configurations } from '../db/schema/index.js';
import { expectedRecipients, NotificationHarness, waitFor, type Customer } from '../notifications/test-support/notification-harness.js';
import { AUTOMATION_CHECK_QUEUE, checkJobId, runScheduledCheck } from './automation-jobs.js';
import { claimDueChecks, type DueCheck } from './due-checks.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

async function scheduleOf(customer: Customer) {
  const [schedule] = await harness.database.db.select().from(automationSchedules).where(eq(automationSchedules.tenantId, customer.tenantId));
  return schedule;
}

/** One scheduler tick at `now`, recording the checks it queues for `customer`. */
async function tick(customer: Customer, now: Date): Promise<DueCheck[]> {
  const queued: DueCheck[] = [];
  await claimDueChecks(harness.database.db, now, async (check) => {
    if (check.tenantId === customer.tenantId) queued.push(check);
  });
  return queued;
}

describe('scheduler', () => {
  it("queues one check per organization and day at the check time in the organization's zone", async () => {
    const customer = await harness.createCustomer({ users: 5, configuration: { checkTime: '06:30', timeZone: 'America/New_York' } });
    const now = new Date();
    expect(await tick(customer, now)).toEqual([]);
    const expected = nextCheckTime({ checkTime: '06:30', timeZone: 'America/New_York', weekendProcessing: 'include', now });
    expect((await scheduleOf(customer))?.nextRunAt?.toISOString()).toBe(expected.toISOString());

    const due = new Date(expected.getTime() + 20_000);
    // Two instances ticking at the same moment: the check is queued once.
    const [first, second] = await Promise.all([tick(customer, due), tick(customer, due)]);
    expect([...first!, ...second!]).toHaveLength(1);
    expect(await tick(customer, new Date(due.getTime() + 60_000))).toEqual([]);
    expect((await scheduleOf(customer))?.nextRunAt?.getTime()).toBe(
      nextCheckTime({ checkTime: '06:30', timeZone: 'America/New_York', weekendProcessing: 'include', now: due }).getTime(),
    );
  });

  it('runs a queued check once, even when the job is delivered twice', async () => {
    const customer = await harness.createCustomer({ users: 20 });
    const expected = expectedRecipients(customer, new Date());
    const check: DueCheck = { tenantId: customer.tenantId, localDay: new Date().toISOString().slice(0, 10) };
    await Promise.all([runScheduledCheck(harness.app.notifications, check), runScheduledCheck(harness.app.notifications, check)]);
    const runs = await harness.database.db.select().from(automationRuns).where(eq(automationRuns.tenantId, customer.tenantId));
    expect(runs).toMatchObject([{ trigger: 'schedule', status: 'completed' }]);
    await waitFor(() => harness.mail(customer).length >= expected.length, 20_000, 'the reminders');
    expect(harness.mail(customer)).toHaveLength(expected.length);
    const [audit] = await harness.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, customer.tenantId), eq(auditLogs.category, 'automation')));
    expect(audit?.message).toMatch(/^Password check \(scheduled\): Checked \d+ users: /);
  });

  it('gives each organization and day one job id, so pg-boss queues a check once', async () => {
    const customer = await harness.createCustomer({ users: 2, configuration: { automationEnabled: false } });
    const boss = harness.instances[0]!.jobs!.boss;
    const check: DueCheck = { tenantId: customer.tenantId, localDay: '2030-01-02' };
    expect(checkJobId(check)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(checkJobId(check)).not.toBe(checkJobId({ ...check, localDay: '2030-01-03' }));
    expect(await boss.send(AUTOMATION_CHECK_QUEUE, check, { id: checkJobId(check) })).toBe(checkJobId(check));
    expect(await boss.send(AUTOMATION_CHECK_QUEUE, check, { id: checkJobId(check) })).toBeNull();
  });

  it('skips organizations with automation off or without an active subscription', async () => {
    const off = await harness.createCustomer({ users: 5, configuration: { automationEnabled: false } });
    const unpaid = await harness.createCustomer({ users: 5, subscribed: false });
    const later = new Date(Date.now() + 3 * 86_400_000);
    for (const customer of [off, unpaid]) {
      await tick(customer, new Date());
      expect(await tick(customer, later)).toEqual([]);
      await runScheduledCheck(harness.app.notifications, { tenantId: customer.tenantId, localDay: later.toISOString().slice(0, 10) });
      expect(await harness.database.db.select().from(automationRuns).where(eq(automationRuns.tenantId, customer.tenantId))).toEqual([]);
    }
  });
});

describe('POST /api/run-check', () => {
  it("answers a failed check with Graph's actionable message, and records it", async () => {
    const customer = await harness.createCustomer({ users: 3 });
    for (const secret of customer.directory.applications[0]!.secrets) secret.expiresAt = Date.now() - 1000;
    const response = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('The client secret has expired');
    const runs = await harness.database.db.select().from(automationRuns).where(eq(automationRuns.tenantId, customer.tenantId));
    expect(runs).toMatchObject([{ trigger: 'manual', status: 'failed' }]);
    const [audit] = await harness.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, customer.tenantId), eq(auditLogs.category, 'automation')));
    expect(audit).toMatchObject({ status: 'error' });
    expect(audit?.message).toMatch(/^Password check by .+ failed: The client secret has expired/);
    expect((await harness.request(customer, 'GET', '/api/dashboard-stats')).json().connectionStatus).toBe('error');
  });

  it('asks for the connection to be saved first', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    await harness.database.db.delete(configurations).where(eq(configurations.tenantId, customer.tenantId));
    const response = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Save the tenant connection/);
  });
});

describe('POST /api/toggle-automation', () => {
  it('switches automation, audits it and answers with the next check', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    const off = await harness.request(customer, 'POST', '/api/toggle-automation', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: 'Automation settings updated', automationEnabled: false, nextCheck: null });
    const [row] = await harness.database.db.select().from(configurations).where(eq(configurations.tenantId, customer.tenantId));
    expect(row?.automationEnabled).toBe(false);

    const on = await harness.request(customer, 'POST', '/api/toggle-automation', { enabled: true });
    const expected = nextCheckTime({ checkTime: '08:00', timeZone: 'UTC', weekendProcessing: 'include', now: new Date() });
    expect(on.json()).toEqual({ message: 'Automation settings updated', automationEnabled: true, nextCheck: expected.toISOString() });
    const audit = await harness.database.db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, customer.tenantId), eq(auditLogs.category, 'automation')));
    expect(audit.map((entry) => entry.message).sort()).toEqual(
      [`Automation disabled by Test ${customer.user.lastName}`, `Automation enabled by Test ${customer.user.lastName}`].sort(),
    );
  });

  it('validates the body and needs a saved configuration', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    const invalid = await harness.request(customer, 'POST', '/api/toggle-automation', { enabled: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Enabled must be true or false');
    await harness.database.db.delete(configurations).where(eq(configurations.tenantId, customer.tenantId));
    const unconfigured = await harness.request(customer, 'POST', '/api/toggle-automation', { enabled: true });
    expect(unconfigured.statusCode).toBe(400);
    expect(unconfigured.json().message).toBe('Save the configuration before changing automation.');
  });
});

describe('tenant scoping', () => {
  it("answers 404 to another organization's member on every route", async () => {
    const owner = await harness.createCustomer({ users: 3 });
    const stranger = await harness.createCustomer({ users: 3 });
    const intruder = { cookie: stranger.cookie, tenantId: owner.tenantId };
    for (const [method, url, payload] of [
      ['POST', '/api/run-check', {}],
      ['POST', '/api/toggle-automation', { enabled: false }],
      ['GET', '/api/dashboard-stats', undefined],
      ['GET', '/api/password-expirations', undefined],
      ['POST', '/api/send-manual-email', { userId: 'x' }],
      ['POST', '/api/send-test-email', { email: 'a@example.org' }],
      ['GET', '/api/audit-logs/5', undefined],
    ] as const) {
      const response = await harness.request(intruder, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      const missing = await harness.request({ cookie: owner.cookie, tenantId: '' }, method, url, payload);
      expect(missing.json().message, `${method} ${url}`).toBe('Tenant ID required');
    }
    expect(harness.mail(owner)).toHaveLength(0);
    const [row] = await harness.database.db.select().from(configurations).where(eq(configurations.tenantId, owner.tenantId));
    expect(row?.automationEnabled).toBe(true);
  });
});
