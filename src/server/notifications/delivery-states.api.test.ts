// Delivery states over HTTP against the Graph simulator: only a sent reminder counts as reminded,
// a failed one is retried by the next check of the day, and each Graph refusal is named for what
// it is (a 503 outage is not a mailbox limit).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, automationRuns, emailSends, passwordExpirations } from '../db/schema/index.js';
import { drainTenant } from './drain-tenant.js';
import { NotificationHarness, recipientCounts, waitFor, type Customer } from './test-support/notification-harness.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

async function reminders(customer: Customer) {
  return harness.database.db
    .select()
    .from(emailSends)
    .where(and(eq(emailSends.tenantId, customer.tenantId), eq(emailSends.kind, 'reminder')));
}

async function runCheck(customer: Customer) {
  const response = await harness.request(customer, 'POST', '/api/run-check', {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { message: string; summary: Record<string, number> };
}

/** The admin consents (or withdraws consent) to exactly these application permissions, through the simulator's control API. */
async function consent(customer: Customer, change: (permissions: string[]) => string[]): Promise<void> {
  const { directoryId, applicationId } = customer.directory.credentials;
  const tenants = (await (await fetch(`${harness.graphUrl}/_control/tenants`)).json()) as {
    value: { tenantId: string; consents: { appId: string; permissions: string[] }[] }[];
  };
  const current = tenants.value.find((tenant) => tenant.tenantId === directoryId)!.consents.find((entry) => entry.appId === applicationId)!.permissions;
  const response = await fetch(`${harness.graphUrl}/_control/tenants/${directoryId}/consents/${applicationId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ permissions: change(current) }),
  });
  expect(response.status).toBe(200);
}

async function emailsSentToday(customer: Customer): Promise<number> {
  return (await harness.request(customer, 'GET', '/api/dashboard-stats')).json().emailsSentToday as number;
}

describe('an app registration without Mail.Send', () => {
  it('fails every reminder with Graph’s code and what to do, counts none as reminded, and the next Run Now after the fix sends them', async () => {
    const customer = await harness.createCustomer({ users: 30 });
    await consent(customer, (permissions) => permissions.filter((permission) => permission !== 'Mail.Send'));

    const first = await runCheck(customer);
    const due = first.summary.queued!;
    expect(due).toBeGreaterThan(5);
    await waitFor(async () => (await reminders(customer)).every((row) => row.state === 'failed'), 20_000, 'every reminder to fail');
    for (const row of await reminders(customer)) {
      expect(row).toMatchObject({ state: 'failed', errorKind: 'permission', errorCode: 'ErrorAccessDenied', sentAt: null });
      expect(row.lastError).toContain('Grant the Mail.Send application permission with admin consent');
    }
    expect(harness.mail(customer)).toHaveLength(0);
    expect(await emailsSentToday(customer)).toBe(0);
    const records = await harness.database.db.select().from(passwordExpirations).where(eq(passwordExpirations.tenantId, customer.tenantId));
    expect(records.every((record) => record.lastNotifiedAt === null)).toBe(true);
    // The audit log accounts for every one of them, with the reason.
    const failures = await harness.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, customer.tenantId), eq(auditLogs.category, 'email'), eq(auditLogs.status, 'error')));
    expect(failures.every((entry) => entry.message.includes('Mail.Send'))).toBe(true);
    expect(failures.reduce((sum, entry) => sum + Number((entry.details as { count?: number } | null)?.count ?? 1), 0)).toBe(due);

    // The admin grants the permission; the next Run Now the same day queues the failed reminders again.
    await consent(customer, (permissions) => [...permissions, 'Mail.Send']);
    const second = await runCheck(customer);
    expect(second.summary).toMatchObject({ queued: due, retried: due, alreadyReminded: 0, inProgress: 0, notRetried: 0 });
    expect(second.message).toContain(
      `${due} reminders queued, ${due} of them again after failing earlier today because the app lacked permission to ` + `send mail (Mail.Send)`,
    );
    expect(second.message).not.toContain('already reminded');
    await waitFor(async () => (await reminders(customer)).every((row) => row.state === 'sent'), 20_000, 'the retried reminders to be sent');
    expect([...recipientCounts(harness.mail(customer)).values()]).toEqual(new Array(due).fill(1));
    expect(await emailsSentToday(customer)).toBe(due);
    const [latestRun] = await harness.database.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.tenantId, customer.tenantId))
      .orderBy(desc(automationRuns.startedAt))
      .limit(1);
    // The reminders belong to the run that re-queued them (its progress counts them).
    expect((await reminders(customer)).filter((row) => row.runId === latestRun!.id)).toHaveLength(due);

    // Now they were reminded: a third run sends nothing more.
    const third = await runCheck(customer);
    expect(third.summary).toMatchObject({ queued: 0, retried: 0, alreadyReminded: due });
    expect(third.message).toContain(`${due} users were already reminded today`);
  });

  it('does not send again a reminder whose outcome is unknown', async () => {
    const customer = await harness.createCustomer({ users: 12 });
    const first = await runCheck(customer);
    await waitFor(async () => (await reminders(customer)).every((row) => row.state === 'sent'), 20_000, 'the reminders');
    // As if the worker had stopped mid-send: the ledger cannot know whether Graph took it.
    const [row] = await reminders(customer);
    await harness.database.db
      .update(emailSends)
      .set({ state: 'failed', errorKind: 'outcome_unknown', errorCode: 'outcome_unknown', sentAt: null })
      .where(eq(emailSends.id, row!.id));
    const before = harness.mail(customer).length;

    const second = await runCheck(customer);
    expect(second.summary).toMatchObject({ queued: 0, notRetried: 1, alreadyReminded: first.summary.queued! - 1 });
    expect(second.message).toContain('1 reminder failed earlier today and is not sent again automatically because no answer came from Microsoft Graph');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(harness.mail(customer)).toHaveLength(before);
  });
});

describe('a reminder held back past the expiry day', () => {
  it('is not sent: it would tell someone whose password has expired that it expires soon', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    // As if a mailbox limit had carried it over from the day before the user's expiry day.
    const [row] = await harness.database.db
      .insert(emailSends)
      .values({
        tenantId: customer.tenantId,
        kind: 'reminder',
        graphUserId: customer.directory.tenant.users[0]!.id,
        recipient: 'late@example.org',
        displayName: 'Late',
        expiryDate: yesterday,
        localDay: yesterday,
        threshold: 0,
        senderMailbox: customer.directory.credentials.fromEmail.toLowerCase(),
        state: 'deferred',
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning();
    expect(await drainTenant(harness.app.notifications, customer.tenantId, { deadline: new Date(Date.now() + 10_000), maxWaitMs: 1_000 })).toMatchObject({
      sent: 0,
      failed: 1,
    });
    const [after] = (await reminders(customer)).filter((candidate) => candidate.id === row!.id);
    expect(after).toMatchObject({ state: 'failed', errorKind: 'password_expired' });
    expect(after!.lastError).toContain('before the reminder could go out');
    expect(harness.mail(customer)).toHaveLength(0);
  });
});

describe('Graph refusals are named for what they are', () => {
  it('calls a 503 an outage, not a mailbox limit; the mail waits deferred and goes out once Graph is back', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    harness.simulator.state.faults = { ...harness.simulator.state.faults, serviceUnavailable: true, retryAfterSeconds: 0.2 };
    try {
      const response = await harness.request(customer, 'POST', '/api/send-test-email', { email: 'admin@example.org' });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as { status: string; message: string };
      expect(answer.status).toBe('queued');
      expect(answer.message).toContain('Microsoft Graph is unavailable (HTTP 503)');
      expect(answer.message).not.toMatch(/limit/i);
      const [row] = await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));
      expect(row).toMatchObject({ errorKind: 'outage', errorCode: 'serviceNotAvailable' });
      expect(['deferred', 'sending']).toContain(row!.state);
    } finally {
      harness.simulator.state.faults.serviceUnavailable = false;
    }
    await waitFor(
      async () => (await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId)))[0]?.state === 'sent',
      20_000,
      'the mail',
    );
    expect(harness.mail(customer)).toHaveLength(1);
  });

  it("calls Exchange's sending quota a mailbox limit, and defers the mail", async () => {
    const customer = await harness.createCustomer({ users: 3 });
    const settings = harness.simulator.state.settings;
    harness.simulator.state.settings = { ...settings, mailRecipientsPer24Hours: 1 };
    try {
      const first = await harness.request(customer, 'POST', '/api/send-test-email', { email: 'first@example.org' });
      expect(first.json()).toMatchObject({ status: 'sent' });
      const second = await harness.request(customer, 'POST', '/api/send-test-email', { email: 'second@example.org' });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toEqual({
        status: 'queued',
        message:
          `The sending mailbox ${customer.directory.credentials.fromEmail} reached its Exchange Online limit of messages ` +
          `per 24 hours: the mail waits and goes out as soon as the limit allows.`,
      });
      const rows = await harness.database.db
        .select()
        .from(emailSends)
        .where(and(eq(emailSends.tenantId, customer.tenantId), eq(emailSends.recipient, 'second@example.org')));
      expect(rows).toMatchObject([{ state: 'deferred', errorKind: 'mailbox_limit', errorCode: 'ErrorSubmissionQuotaExceeded' }]);
    } finally {
      harness.simulator.state.settings = settings;
    }
  });

  it('fails a refused recipient address for that mail alone, and does not retry the same address', async () => {
    const customer = await harness.createCustomer({ users: 20 });
    const target = customer.directory.tenant.users.find(
      (user) =>
        user.mail !== null &&
        user.accountEnabled &&
        user.userType === 'Member' &&
        user.lastPasswordChangeDateTime !== null &&
        !(user.passwordPolicies ?? '').includes('DisablePasswordExpiration'),
    )!;
    target.mail = 'not an address@contoso.com';
    const first = await runCheck(customer);
    await waitFor(async () => (await reminders(customer)).every((row) => row.state === 'sent' || row.state === 'failed'), 20_000, 'the reminders');
    const rows = await reminders(customer);
    const refused = rows.find((row) => row.recipient === 'not an address@contoso.com');
    expect(refused).toMatchObject({ state: 'failed', errorKind: 'recipient_invalid' });
    expect(refused!.lastError).toContain("Correct the user's email address in Entra ID");
    expect(rows.filter((row) => row.state === 'sent')).toHaveLength(first.summary.queued! - 1);

    const second = await runCheck(customer);
    expect(second.summary).toMatchObject({ queued: 0, notRetried: 1 });
    expect(second.message).toContain('because the recipient’s address was refused as invalid');
  });
});
