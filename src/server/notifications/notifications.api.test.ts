import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailSends, passwordExpirations } from '../db/schema/index.js';
import { expiredPasswordMessage } from './send-manual-email.js';
import { REMINDER_SUBJECT } from '../../shared/domain/email-template.js';
import { expectedRecipients, NotificationHarness, recipientCounts, waitFor, type Customer } from './test-support/notification-harness.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

async function runCheck(customer: Customer) {
  const response = await harness.request(customer, 'POST', '/api/run-check', {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { message: string; summary: Record<string, number> };
}

async function ledger(customer: Customer) {
  return harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));
}

describe('POST /api/run-check', () => {
  it('sends exactly the due users one reminder each, from the configured mailbox, and says what it found and queued', async () => {
    const customer = await harness.createCustomer({ users: 40 });
    const expected = expectedRecipients(customer, new Date());
    expect(expected.length).toBeGreaterThan(10);

    const result = await runCheck(customer);
    expect(result.summary).toMatchObject({ dueUsers: expected.length + result.summary.withoutMailbox!, queued: expected.length, alreadyReminded: 0 });
    expect(result.message).toContain(`${expected.length} reminders queued`);

    await waitFor(() => harness.mail(customer).length >= expected.length, 20_000, 'the reminders');
    await waitFor(async () => (await ledger(customer)).every((row) => row.state === 'sent'), 5_000, 'the ledger to settle');
    const mail = harness.mail(customer);
    expect(mail.map((message) => message.to[0]).sort()).toEqual(expected);
    expect(new Set(mail.map((message) => message.from))).toEqual(new Set([customer.directory.credentials.fromEmail]));
    expect(mail[0]).toMatchObject({ subject: REMINDER_SUBJECT, contentType: 'HTML' });

    // The users table shows them notified; the audit log has the run and one entry per mail.
    const records = (await harness.request(customer, 'GET', '/api/password-expirations?pageSize=100')).json().records as {
      userEmail: string;
      status: string;
      lastNotified: string | null;
      daysUntilExpiry: number;
    }[];
    const notified = records.filter((record) => record.status === 'notified');
    expect(notified.length).toBe(expected.length);
    expect(notified.every((record) => record.lastNotified !== null && record.daysUntilExpiry >= 0 && record.daysUntilExpiry <= 7)).toBe(true);
    const audit = await harness.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, customer.tenantId));
    expect(audit.filter((entry) => entry.category === 'email' && entry.status === 'success')).toHaveLength(expected.length);
    expect(audit.filter((entry) => entry.category === 'automation' && entry.message.startsWith('Password check by'))).toHaveLength(1);
  });

  it('personalises each mail, and delivers it with a plain-text part beside the HTML (the ledger keeps both)', async () => {
    const customer = await harness.createCustomer({ users: 12 });
    await runCheck(customer);
    await waitFor(async () => (await ledger(customer)).length > 0 && (await ledger(customer)).every((row) => row.state === 'sent'), 20_000, 'the reminders');
    const [row] = await ledger(customer);
    const user = customer.directory.tenant.users.find((candidate) => candidate.mail === row!.recipient)!;
    const message = harness.mail(customer).find((candidate) => candidate.to[0] === row!.recipient)!;
    expect(message.content).toContain(`Hello ${user.displayName.replaceAll('&', '&amp;').replaceAll("'", '&#39;')},`);
    expect(message.content).toContain('Contoso Ltd');
    // Sent as MIME multipart/alternative: the simulator read a text part out of it.
    expect(message.contentType).toBe('HTML');
    const text = message.textContent!;
    expect(text).toContain(`Hello ${user.displayName},`);
    expect(text).toContain('The password for your Contoso Ltd account expires on');
    expect(text).toMatch(/Days remaining: \d+\./);
    expect(text).toContain('myaccount.microsoft.com');
    expect(text).not.toMatch(/<\/?[a-z][^>]*>|&[a-z]+;|\{\{/i);
    expect(text).toBe(row!.bodyText);
  });

  it('sends nothing more when run again the same day', async () => {
    const customer = await harness.createCustomer({ users: 20 });
    const first = await runCheck(customer);
    await waitFor(() => harness.mail(customer).length >= first.summary.queued!, 20_000, 'the first reminders');
    // Only a reminder recorded as sent counts as reminded.
    await waitFor(async () => (await ledger(customer)).every((row) => row.state === 'sent'), 5_000, 'the ledger to settle');
    const second = await runCheck(customer);
    expect(second.summary).toMatchObject({ queued: 0, alreadyReminded: first.summary.queued });
    expect(second.message).toContain(`${first.summary.queued} users were already reminded today`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(harness.mail(customer)).toHaveLength(first.summary.queued!);
    expect([...recipientCounts(harness.mail(customer)).values()].every((count) => count === 1)).toBe(true);
  });

  it('delivers a display name with markup as text', async () => {
    const customer = await harness.createCustomer({ users: 10 });
    const target = customer.directory.tenant.users.find((user) => expectedRecipients(customer, new Date()).includes(user.mail ?? ''))!;
    target.displayName = '<img src=x onerror=alert(1)><script>alert(2)</script>Eve';
    await runCheck(customer);
    await waitFor(() => harness.mail(customer).some((message) => message.to[0] === target.mail), 20_000, 'the reminder');
    const message = harness.mail(customer).find((candidate) => candidate.to[0] === target.mail)!;
    expect(message.content).toContain('Hello &lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;Eve,');
    expect(message.content).not.toContain('<img');
    expect(message.content).not.toContain('<script');
  });

  it('keeps going through a 429 storm: every reminder arrives once, later', async () => {
    const customer = await harness.createCustomer({ users: 30 });
    const expected = expectedRecipients(customer, new Date());
    harness.simulator.state.faults = { ...harness.simulator.state.faults, retryAfterSeconds: 0.2 };
    // The scan's own requests come first; forcing the throttle once they are done hits the sends.
    const result = await runCheck(customer);
    harness.simulator.state.faults.forceThrottle = 15;
    await waitFor(() => harness.mail(customer).length >= expected.length, 30_000, 'every reminder despite throttling');
    await waitFor(async () => (await ledger(customer)).every((row) => row.state === 'sent'), 5_000, 'the ledger to settle');
    expect(harness.simulator.state.faults.forceThrottle).toBe(0);
    expect(result.summary.queued).toBe(expected.length);
    expect([...recipientCounts(harness.mail(customer)).entries()].sort()).toEqual(expected.map((address) => [address, 1]));
    const rows = await ledger(customer);
    expect(rows.reduce((sum, row) => sum + row.deferrals, 0)).toBeGreaterThanOrEqual(1);
  });

  it('refuses without an active subscription', async () => {
    const customer = await harness.createCustomer({ users: 5, subscribed: false });
    for (const [url, payload] of [
      ['/api/run-check', {}],
      ['/api/send-test-email', { email: 'admin@contoso.com' }],
      ['/api/send-manual-email', { userId: 'x' }],
      ['/api/toggle-automation', { enabled: true }],
    ] as const) {
      const response = await harness.request(customer, 'POST', url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('An active subscription is required');
    }
    expect(harness.mail(customer)).toHaveLength(0);
  });
});

describe('POST /api/send-test-email', () => {
  it('asks for an address', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    for (const payload of [{}, { email: '' }, { email: '   ' }]) {
      const response = await harness.request(customer, 'POST', '/api/send-test-email', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter a test email address');
    }
    const invalid = await harness.request(customer, 'POST', '/api/send-test-email', { email: 'not-an-address' });
    expect(invalid.json().message).toBe('Please enter a valid email address');
  });

  it('sends the saved template with sample values to the given address', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    const response = await harness.request(customer, 'POST', '/api/send-test-email', { email: 'admin@example.org' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'sent', message: 'Test notification sent to admin@example.org' });
    const [message] = harness.mail(customer);
    expect(message).toMatchObject({ to: ['admin@example.org'], subject: `Test: ${REMINDER_SUBJECT}` });
    expect(message!.content).toContain('Hello Alex Johnson,');
    expect(message!.content).toContain('<span style="color:#dc2626">5</span>');
    expect(message!.textContent).toContain('Hello Alex Johnson,');
    expect(message!.textContent).toContain('Days remaining: 5.');
    const [audit] = await harness.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, customer.tenantId), eq(auditLogs.category, 'email')));
    expect(audit?.message).toContain('Test email to admin@example.org sent');
  });

  it("answers with Graph's actionable message when the sender has no mailbox", async () => {
    const customer = await harness.createCustomer({ users: 3 });
    const sender = customer.directory.tenant.users.find((user) => user.userPrincipalName === customer.directory.credentials.fromEmail)!;
    sender.hasMailbox = false;
    const response = await harness.request(customer, 'POST', '/api/send-test-email', { email: 'admin@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('has no Exchange Online mailbox');
    const [row] = await ledger(customer);
    expect(row).toMatchObject({ state: 'failed', kind: 'test' });
  });
});

describe('when the credentials stop working', () => {
  it('fails the test email with the actionable message before anything is sent', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    for (const secret of customer.directory.applications[0]!.secrets) secret.expiresAt = Date.now() - 1000;
    const response = await harness.request(customer, 'POST', '/api/send-test-email', { email: 'admin@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('The client secret has expired');
    expect(await ledger(customer)).toMatchObject([{ kind: 'test', state: 'failed', attempts: 0 }]);
    expect(harness.mail(customer)).toHaveLength(0);
  });
});

describe('POST /api/send-manual-email', () => {
  it("sends one user's reminder to the latest check's record of them, whatever the request says", async () => {
    const customer = await harness.createCustomer({ users: 12 });
    const check = await runCheck(customer);
    await waitFor(() => harness.mail(customer).length >= check.summary.queued!, 20_000, 'the reminders');
    const records = (await harness.request(customer, 'GET', '/api/password-expirations')).json().records as {
      userId: string;
      userEmail: string;
      userDisplayName: string;
      daysUntilExpiry: number;
    }[];
    const record = records[0]!;
    const before = harness.mail(customer).length;

    const response = await harness.request(customer, 'POST', '/api/send-manual-email', {
      userId: record.userId,
      userEmail: 'someone-else@evil.example',
      displayName: record.userDisplayName,
      daysRemaining: record.daysUntilExpiry,
      expirationDate: '1/1/2030',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'sent', message: 'Email sent successfully' });
    const sent = harness.mail(customer).slice(before);
    // The record's address, not the one in the request.
    expect(sent.map((message) => message.to)).toEqual([[record.userEmail]]);
    expect(sent[0]!.textContent).toContain(`Hello ${record.userDisplayName},`);
    const rows = (await ledger(customer)).filter((row) => row.kind === 'manual');
    expect(rows).toMatchObject([{ state: 'sent', recipient: record.userEmail, requestedByUserId: customer.user.id }]);
  });

  it('refuses a user whose password has already expired, instead of telling them it expires soon', async () => {
    // Everyone changed their password 100 days ago under a 90-day policy: expired 10 days ago.
    const customer = await harness.createCustomer({ users: 12, massResetDaysAgo: 100 });
    await runCheck(customer);
    const records = await harness.database.db.select().from(passwordExpirations).where(eq(passwordExpirations.tenantId, customer.tenantId));
    const expired = records.find(
      (record) => record.passwordExpiresAt !== null && record.passwordExpiresAt.getTime() < Date.now() && record.mailAddress !== null,
    )!;
    expect(expired).toBeDefined();

    const response = await harness.request(customer, 'POST', '/api/send-manual-email', { userId: expired.graphUserId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(expiredPasswordMessage(expired.userDisplayName, expired.expiryDate!));
    expect(response.json().message).toContain('password already expired on');
    expect(harness.mail(customer)).toHaveLength(0);
    expect((await ledger(customer)).filter((row) => row.kind === 'manual')).toHaveLength(0);
  });

  it('answers 404 for a user the latest check did not find', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    const response = await harness.request(customer, 'POST', '/api/send-manual-email', {
      userId: 'not-a-user',
      userEmail: 'x@example.org',
      displayName: 'X',
      daysRemaining: 1,
      expirationDate: '1/1/2030',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This user is not in the latest password check. Run a check and try again.');
  });
});

describe('saving the template', () => {
  it('stores it sanitised: no scripts, handlers or remote resources, formatting kept', async () => {
    const customer = await harness.createCustomer({ users: 2 });
    const configuration = (await harness.request(customer, 'GET', '/api/configuration')).json();
    const saved = await harness.request(customer, 'PUT', '/api/configuration', {
      ...configuration,
      emailTemplate:
        '<p style="text-align:center" onclick="steal()">Hi <strong>{{userName}}</strong><script>alert(1)</script><img src="https://tracker.example/p.gif"></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().emailTemplate).toBe('<p style="text-align:center">Hi <strong>{{userName}}</strong></p>');
  });
});

describe('GET /api/default-template', () => {
  it('offers the default template with every variable', async () => {
    const customer = await harness.createCustomer({ users: 2 });
    const response = await harness.request(customer, 'GET', '/api/default-template');
    expect(response.statusCode).toBe(200);
    const { template } = response.json() as { template: string };
    for (const variable of ['{{userName}}', '{{daysRemaining}}', '{{expirationDate}}', '{{companyName}}']) expect(template).toContain(variable);
  });
});
