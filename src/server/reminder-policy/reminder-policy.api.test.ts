import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordExpirationsPage } from '../../shared/api/notifications.js';
import { DRY_RUN_DAYS, FORECAST_DAYS, reminderPolicyMessages, type DryRun, type Forecast, type ReminderPolicy } from '../../shared/api/reminder-policy.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { CHANGE_PASSWORD_URL } from '../../shared/domain/email-template.js';
import { addDays } from '../../shared/domain/local-date.js';
import { isRunDay, type WeekendProcessing } from '../../shared/domain/schedule.js';
import { formatDateUs } from '../../shared/domain/us-format.js';
import { runScheduledCheckOf } from '../automation/index.js';
import { auditLogs, automationRuns, emailSends, passwordExpirations } from '../db/schema/index.js';
import { configurationFor, saveConfiguration, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { createOrganization, createUser, sessionCookieFor } from '../test-support/factories.js';
import { sendQueuedMail } from '../test-support/send-queued-mail.js';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness({ MAIL_RATE_PER_MINUTE: '3000' });
  harness.graph.setSettings({ mailMessagesPerMinute: 3000 });
});
afterAll(async () => {
  await harness?.close();
});

async function subscribedOwner(): Promise<Member> {
  const user = await createUser(harness.database.db);
  const organization = await createOrganization(harness.database.db, user, { subscriptionStatus: 'active' });
  const cookie = await sessionCookieFor(harness.database.db, user);
  return { cookie, tenantId: organization.id, userId: user.id, headers: { cookie, 'x-tenant-id': organization.id } };
}

const request = (member: Member, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  harness.app.inject({ method, url, headers: member.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const AFTER_EXPIRY_SUBJECT = 'Your Contoso password has expired';
const policy = (overrides: Record<string, unknown> = {}) => ({
  mode: 'thresholds',
  reminderDays: [14, 7, 1, 0],
  afterExpiryDays: [1, 3],
  afterExpirySubject: AFTER_EXPIRY_SUBJECT,
  afterExpiryTemplate: '<p>{{userName}}, the password of {{userPrincipalName}} expired. <a href="{{changePasswordUrl}}">Change it</a></p>',
  ...overrides,
});

async function savePolicy(member: Member, body: unknown): Promise<ReminderPolicy> {
  const response = await request(member, 'PUT', '/api/reminder-policy', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET and PUT /api/reminder-policy', () => {
  it('is every day within Reminder Days until a policy is saved, then the chosen days, nearest first; audited', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor(undefined, { daysBeforeExpiration: 5 }));
    const initial = (await request(owner, 'GET', '/api/reminder-policy')).json() as ReminderPolicy;
    expect(initial).toMatchObject({ mode: 'daily', daysBeforeExpiration: 5, updatedAt: null });

    const saved = await savePolicy(owner, policy({ reminderDays: [1, 14, 0, 7], afterExpiryDays: [3, 1] }));
    expect(saved).toMatchObject({ mode: 'thresholds', reminderDays: [14, 7, 1, 0], afterExpiryDays: [1, 3], afterExpirySubject: AFTER_EXPIRY_SUBJECT });
    expect((await request(owner, 'GET', '/api/reminder-policy')).json()).toEqual(saved);

    expect(await savePolicy(owner, { mode: 'daily' })).toMatchObject({ mode: 'daily', updatedAt: null });
    const audit = await harness.database.db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(eq(auditLogs.tenantId, owner.tenantId))
      .orderBy(asc(auditLogs.createdAt));
    const messages = audit.map((entry) => entry.message);
    expect(
      messages.some((message) => message.startsWith('Reminder policy saved by') && message.includes('14, 7, 1, 0 days before expiry, after expiry: 1, 3')),
    ).toBe(true);
    expect(messages.some((message) => message.startsWith('Reminder policy set to every day within 5 days'))).toBe(true);
  });

  it('stores the after-expiry template sanitised, its placeholder link kept', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor());
    const saved = await savePolicy(
      owner,
      policy({
        afterExpiryTemplate: '<p onclick="x()">Hi<script>alert(1)</script> <a href="{{changePasswordUrl}}">change</a> <a href="javascript:alert(1)">x</a></p>',
      }),
    );
    expect(saved.afterExpiryTemplate).toBe('<p>Hi <a href="{{changePasswordUrl}}">change</a> <a>x</a></p>');
  });

  it('refuses what is not a policy with a message saying why, and stores nothing', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor());
    const cases: [Record<string, unknown>, string][] = [
      [{ reminderDays: [7, 7] }, reminderPolicyMessages.reminderDaysDuplicate],
      [{ reminderDays: [1.5] }, reminderPolicyMessages.reminderDays],
      [{ reminderDays: [61] }, reminderPolicyMessages.reminderDays],
      [{ reminderDays: [-1] }, reminderPolicyMessages.reminderDays],
      [{ reminderDays: [] }, reminderPolicyMessages.reminderDaysRequired],
      [{ reminderDays: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, reminderPolicyMessages.reminderDaysTooMany],
      [{ reminderDays: '7' }, reminderPolicyMessages.reminderDays],
      [{ afterExpiryDays: [0] }, reminderPolicyMessages.afterExpiryDays],
      [{ afterExpiryDays: [3, 3] }, reminderPolicyMessages.afterExpiryDaysDuplicate],
      [{ afterExpiryDays: [1, 2, 3, 4, 5, 6] }, reminderPolicyMessages.afterExpiryDaysTooMany],
      [{ afterExpirySubject: '  ' }, reminderPolicyMessages.subjectRequired],
      [{ afterExpirySubject: 'Expired\r\nBcc: x@evil.test' }, reminderPolicyMessages.subjectOneLine],
      [{ afterExpiryTemplate: '<p></p>' }, reminderPolicyMessages.templateRequired],
      [{ afterExpiryTemplate: `<p>${'x'.repeat(10_001)}</p>` }, 'The email template can be at most 10,000 characters'],
      [{ mode: 'weekly' }, reminderPolicyMessages.mode],
    ];
    for (const [overrides, message] of cases) {
      const response = await request(owner, 'PUT', '/api/reminder-policy', policy(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.body, JSON.stringify(overrides)).toContain(message);
    }
    expect((await request(owner, 'GET', '/api/reminder-policy')).json()).toMatchObject({ mode: 'daily' });
  });

  it('needs the configuration saved first', async () => {
    const owner = await subscribedOwner();
    const response = await request(owner, 'PUT', '/api/reminder-policy', policy());
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(reminderPolicyMessages.configurationRequired);
  });

  it('answers 404 to a member of another organization, for the policy, the dry run and the forecast', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor());
    await savePolicy(owner, policy());
    const stranger = await subscribedOwner();
    const asStranger = { ...stranger, headers: { cookie: stranger.cookie, 'x-tenant-id': owner.tenantId } };
    for (const [method, url] of [
      ['GET', '/api/reminder-policy'],
      ['PUT', '/api/reminder-policy'],
      ['GET', '/api/reminder-policy/dry-run'],
      ['GET', '/api/reminder-policy/forecast'],
    ] as const) {
      const response = await request(asStranger, method, url, method === 'PUT' ? { mode: 'daily' } : undefined);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await request(owner, 'GET', '/api/reminder-policy')).json()).toMatchObject({ mode: 'thresholds' });
  });
});

/** The scheduled check of the clock's day (as the scheduler: only on a run day), then the clock a day on. */
async function runScheduledDay(member: Member, weekendProcessing: WeekendProcessing = 'include'): Promise<string> {
  const day = localDateOf(harness.graph.clock.now(), 'UTC');
  if (isRunDay(day, weekendProcessing)) await runScheduledCheckOf(harness.app.notifications, member.tenantId, day);
  harness.graph.clock.advance(DAY_MS);
  return day;
}

/** What each scheduled check planned: 'day user threshold', from the ledger rows its run wrote. */
async function plannedByScheduledChecks(member: Member): Promise<string[]> {
  const { db } = harness.database;
  const runs = db
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(and(eq(automationRuns.tenantId, member.tenantId), eq(automationRuns.trigger, 'schedule')));
  const rows = await db
    .select({ day: emailSends.localDay, user: emailSends.graphUserId, threshold: emailSends.threshold })
    .from(emailSends)
    .where(and(eq(emailSends.tenantId, member.tenantId), eq(emailSends.kind, 'reminder'), inArray(emailSends.runId, runs)));
  return rows.map((row) => `${row.day} ${row.user} ${row.threshold}`).sort();
}

const listed = (dryRun: DryRun) =>
  dryRun.days.flatMap((day) => day.reminders.map((reminder) => `${day.date} ${reminder.graphUserId} ${reminder.threshold}`)).sort();

describe('the planning under a reminder policy, and the dry run', () => {
  for (const [label, weekendProcessing, body] of [
    ['reminder days 14, 7, 1, 0 and 1, 3 after', 'include', policy()],
    ['every day within 7 days, weekdays only', 'weekdays', { mode: 'daily' }],
  ] as const) {
    it(`${label}: the dry run lists exactly what the next ${DRY_RUN_DAYS} days' checks plan, each threshold once`, async () => {
      const owner = await subscribedOwner();
      await saveConfiguration(harness, owner, configurationFor(undefined, { timeZone: 'UTC', weekendProcessing }));
      await savePolicy(owner, body);
      // A check writes the users table the dry run reads.
      await runScheduledDay(owner, weekendProcessing);
      const dryRunResponse = await request(owner, 'GET', '/api/reminder-policy/dry-run');
      expect(dryRunResponse.statusCode, dryRunResponse.body).toBe(200);
      const dryRun = dryRunResponse.json() as DryRun;
      expect(dryRun.days).toHaveLength(DRY_RUN_DAYS);
      expect(dryRun.basedOn).not.toBeNull();
      const before = await plannedByScheduledChecks(owner);
      for (let day = 0; day < DRY_RUN_DAYS; day += 1) {
        const checked = await runScheduledDay(owner, weekendProcessing);
        // A rerun of the day (a retried job, Run Now) plans nothing more.
        if (isRunDay(checked, weekendProcessing)) await runScheduledCheckOf(harness.app.notifications, owner.tenantId, checked);
      }
      const planned = (await plannedByScheduledChecks(owner)).filter((row) => !before.includes(row));
      expect(planned.length).toBeGreaterThan(0);
      // Every listed row is planned that day; each day's total is what its check planned (the rows are bounded per day).
      expect(planned).toEqual(expect.arrayContaining(listed(dryRun)));
      for (const day of dryRun.days) expect(day.total, day.date).toBe(planned.filter((row) => row.startsWith(day.date)).length);
      expect(dryRun.days.reduce((sum, day) => sum + day.total, 0)).toBe(planned.length);
      if (body.mode === 'thresholds') {
        expect(new Set(planned.map((row) => Number(row.split(' ')[2]))).size).toBeGreaterThan(1);
        expect(planned.every((row) => [14, 7, 1, 0, -1, -3].includes(Number(row.split(' ')[2])))).toBe(true);
        // Per user, each threshold once across the reruns, and the later ones still come: someone got both the 7-day and the 1-day reminder.
        const byUser = new Map<string, number[]>();
        for (const row of planned) {
          const [, user, threshold] = row.split(' ');
          byUser.set(user!, [...(byUser.get(user!) ?? []), Number(threshold)]);
        }
        for (const thresholds of byUser.values()) expect(thresholds).toEqual([...new Set(thresholds)]);
        expect([...byUser.values()].some((thresholds) => thresholds.includes(7) && thresholds.includes(1))).toBe(true);
      } else {
        expect(dryRun.days.filter((day) => !day.checkRuns).every((day) => day.reminders.length === 0)).toBe(true);
      }
    }, 120_000);
  }

  it('plans each threshold once across reruns, and sends the after-expiry reminder with its own subject and wording', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor(undefined, { timeZone: 'UTC', weekendProcessing: 'include' }));
    await savePolicy(owner, policy());
    await runScheduledDay(owner);
    const dryRun = (await request(owner, 'GET', '/api/reminder-policy/dry-run')).json() as DryRun;
    const afterExpiryDay = dryRun.days.find((day) => day.reminders.some((reminder) => reminder.wording === 'after_expiry'));
    expect(afterExpiryDay, 'the simulated directory has a password expiring in the coming days').toBeDefined();
    const target = afterExpiryDay!.reminders.find((reminder) => reminder.wording === 'after_expiry')!;
    const { db } = harness.database;
    const remindersOf = async () =>
      (
        await db
          .select({ threshold: emailSends.threshold, subject: emailSends.subject })
          .from(emailSends)
          .where(and(eq(emailSends.tenantId, owner.tenantId), eq(emailSends.graphUserId, target.graphUserId), eq(emailSends.expiryDate, target.expiryDate)))
      )
        .map((row) => row.threshold)
        .sort((a, b) => (b ?? 0) - (a ?? 0));
    while (localDateOf(harness.graph.clock.now(), 'UTC') <= afterExpiryDay!.date) {
      const day = localDateOf(harness.graph.clock.now(), 'UTC');
      await runScheduledCheckOf(harness.app.notifications, owner.tenantId, day);
      // Run Now on the same day: nothing more.
      await runScheduledCheckOf(harness.app.notifications, owner.tenantId, day);
      await sendQueuedMail(harness, owner.tenantId);
      harness.graph.clock.advance(DAY_MS);
    }
    const thresholds = await remindersOf();
    expect(thresholds).toEqual([...new Set(thresholds)]);
    expect(thresholds).toContain(target.threshold);
    const mail = harness.graph.simulator.state.sentMail.filter((message) => message.to.includes(target.recipient) && message.subject === AFTER_EXPIRY_SUBJECT);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.content).toContain(`<a href="${CHANGE_PASSWORD_URL}"`);
    expect(mail[0]!.content).not.toContain('{{userPrincipalName}}');
  }, 120_000);

  it('counts "expiring soon" the same on the stat card, the users table and Run Now’s message, up to the first reminder day', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor(undefined, { timeZone: 'UTC', weekendProcessing: 'include', daysBeforeExpiration: 7 }));
    await savePolicy(owner, policy({ reminderDays: [14, 7, 3, 1, 0], afterExpiryDays: [] }));
    const run = await harness.app.inject({ method: 'POST', url: '/api/run-check', headers: owner.headers, payload: {} });
    expect(run.statusCode, run.body).toBe(200);
    const { summary, message } = run.json() as { summary: { expiringUsers: number }; message: string };
    const page = (await request(owner, 'GET', '/api/password-expirations?filter=expiring_soon&pageSize=100')).json() as PasswordExpirationsPage;
    const stats = (await request(owner, 'GET', '/api/dashboard-stats')).json() as { expiringSoon: number };
    const today = localDateOf(harness.graph.clock.now(), 'UTC');
    // Beyond the 7-day window but within the 14-day first reminder: expiring soon all the same.
    expect(page.records.some((record) => (record.daysUntilExpiry ?? 0) > 7)).toBe(true);
    expect(stats.expiringSoon).toBe(page.counts.expiring_soon);
    expect(summary.expiringUsers).toBe(page.counts.expiring_soon);
    expect(message).toContain(`${page.counts.expiring_soon} passwords expiring soon (by ${formatDateUs(addDays(today, 14))})`);
  });

  it('keeps the users listed only for the projections out of the users table, which still ends at the reminder window', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor(undefined, { timeZone: 'UTC', weekendProcessing: 'include', daysBeforeExpiration: 7 }));
    await runScheduledDay(owner);
    const { db } = harness.database;
    const lookAhead = await db
      .select({ id: passwordExpirations.id })
      .from(passwordExpirations)
      .where(and(eq(passwordExpirations.tenantId, owner.tenantId), eq(passwordExpirations.lookAhead, true)));
    expect(lookAhead.length).toBeGreaterThan(0);
    const response = await harness.app.inject({ method: 'GET', url: '/api/password-expirations?filter=expiring_soon&pageSize=100', headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as PasswordExpirationsPage;
    expect(page.records.length).toBeGreaterThan(0);
    // The check ran yesterday (runScheduledDay moved the clock on): its 7-day window ends 6 days from today.
    expect(page.records.every((record) => (record.daysUntilExpiry ?? 0) <= 6)).toBe(true);
    const stats = (await harness.app.inject({ method: 'GET', url: '/api/dashboard-stats', headers: owner.headers })).json() as { expiringSoon: number };
    expect(page.counts.expiring_soon).toBe(stats.expiringSoon);
  });

  it('forecasts expiries and the projected reminders per day for 30 days', async () => {
    const owner = await subscribedOwner();
    await saveConfiguration(harness, owner, configurationFor(undefined, { timeZone: 'UTC', weekendProcessing: 'include' }));
    await savePolicy(owner, policy());
    await runScheduledDay(owner);
    const forecast = (await request(owner, 'GET', '/api/reminder-policy/forecast')).json() as Forecast;
    const dryRun = (await request(owner, 'GET', '/api/reminder-policy/dry-run')).json() as DryRun;
    expect(forecast.days).toHaveLength(FORECAST_DAYS);
    expect(forecast.days[0]!.date).toBe(localDateOf(harness.graph.clock.now(), 'UTC'));
    expect(forecast.days.at(-1)!.date).toBe(addDays(forecast.days[0]!.date, FORECAST_DAYS - 1));
    // The first 14 days are the dry run's.
    expect(forecast.days.slice(0, DRY_RUN_DAYS).map((day) => day.reminders)).toEqual(dryRun.days.map((day) => day.total));
    expect(forecast.days.reduce((sum, day) => sum + day.expiries, 0)).toBeGreaterThan(0);
  });
});
