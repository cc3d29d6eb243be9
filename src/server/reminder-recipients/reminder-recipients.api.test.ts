// Pilot mode and managers' copies over HTTP, against the Graph simulator: what the admin saves is
// what the mailbox receives, and pilot mode never mails a real user.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderRecipientsMessages } from '../../shared/api/reminder-recipients.js';
import { auditLogs, emailSends } from '../db/schema/index.js';
import { NotificationHarness, waitFor, type Customer } from '../notifications/test-support/notification-harness.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

async function sendReminders(customer: Customer) {
  const response = await harness.request(customer, 'POST', '/api/run-check', {});
  expect(response.statusCode, response.body).toBe(200);
  const queued = (response.json() as { summary: Record<string, number> }).summary.queued ?? 0;
  expect(queued).toBeGreaterThan(3);
  const rows = () =>
    harness.database.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.tenantId, customer.tenantId), eq(emailSends.kind, 'reminder')));
  await waitFor(async () => (await rows()).every((row) => row.state === 'sent'), 30_000, 'every reminder to be sent');
  return rows();
}

describe('GET and PUT /api/reminder-recipients', () => {
  it('starts with reminders to the users alone, saves a pilot mailbox and the managers switch, and audits each change', async () => {
    const customer = await harness.createCustomer({ users: 5 });
    expect((await harness.request(customer, 'GET', '/api/reminder-recipients')).json()).toEqual({ pilotMailbox: null, ccManager: false, updatedAt: null });

    const saved = await harness.request(customer, 'PUT', '/api/reminder-recipients', { pilotMailbox: ' pilot@contoso.com ', ccManager: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ pilotMailbox: 'pilot@contoso.com', ccManager: true });
    expect((await harness.request(customer, 'GET', '/api/reminder-recipients')).json()).toMatchObject({ pilotMailbox: 'pilot@contoso.com', ccManager: true });

    const entries = await harness.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, customer.tenantId), eq(auditLogs.category, 'configuration')));
    const messages = entries.map((entry) => entry.message);
    expect(messages).toContain('Pilot mode on: every reminder goes to pilot@contoso.com instead of the user');
    expect(messages).toContain("Managers get a copy of their users' reminders");
    expect(entries.find((entry) => entry.message.startsWith('Pilot mode on'))?.actorUserId).toBe(customer.user.id);
  });

  it('refuses a pilot mailbox that is not an address, and a missing switch, with the message and nothing saved', async () => {
    const customer = await harness.createCustomer({ users: 5 });
    for (const body of [
      { pilotMailbox: 'not an address', ccManager: false },
      { pilotMailbox: 'a@b.com' },
      { pilotMailbox: `${'x'.repeat(300)}@b.com`, ccManager: true },
    ]) {
      const response = await harness.request(customer, 'PUT', '/api/reminder-recipients', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatch(new RegExp(`${reminderRecipientsMessages.pilotMailboxInvalid}|${reminderRecipientsMessages.ccManagerInvalid}`));
    }
    expect((await harness.request(customer, 'GET', '/api/reminder-recipients')).json()).toMatchObject({ pilotMailbox: null, ccManager: false });
  });

  it("answers 404 to a member of another organization, and changes nothing of the organization's", async () => {
    const owner = await harness.createCustomer({ users: 5 });
    const stranger = await harness.createCustomer({ users: 5 });
    const intruder = { cookie: stranger.cookie, tenantId: owner.tenantId };
    expect((await harness.request(intruder, 'GET', '/api/reminder-recipients')).statusCode).toBe(404);
    expect((await harness.request(intruder, 'PUT', '/api/reminder-recipients', { pilotMailbox: 'evil@example.com', ccManager: true })).statusCode).toBe(404);
    expect((await harness.request(owner, 'GET', '/api/reminder-recipients')).json()).toMatchObject({ pilotMailbox: null, ccManager: false });
  });
});

describe('pilot mode', () => {
  it('sends every reminder to the pilot mailbox instead of the user, the subject naming the real recipient, and copies no manager', async () => {
    const customer = await harness.createCustomer({ users: 30 });
    const pilot = customer.directory.credentials.fromEmail;
    await harness.request(customer, 'PUT', '/api/reminder-recipients', { pilotMailbox: pilot, ccManager: true });

    const rows = await sendReminders(customer);
    const mail = harness.mail(customer);
    expect(mail).toHaveLength(rows.length);
    for (const message of mail) {
      expect(message.to).toEqual([pilot]);
      expect(message.cc).toEqual([]);
      expect(message.subject).toMatch(/^\[Pilot: for \S+@\S+\] Password Expiration Notice$/);
    }
    // Each user's reminder reached the pilot mailbox once, named by its subject; the ledger says where it went.
    expect(new Set(mail.map((message) => message.subject))).toEqual(new Set(rows.map((row) => `[Pilot: for ${row.recipient}] Password Expiration Notice`)));
    for (const row of rows) expect(row.deliveredTo).toEqual([pilot]);
  });

  it('switched off, sends the next reminders to the users again', async () => {
    const customer = await harness.createCustomer({ users: 30 });
    await harness.request(customer, 'PUT', '/api/reminder-recipients', { pilotMailbox: 'pilot@contoso.com', ccManager: false });
    await harness.request(customer, 'PUT', '/api/reminder-recipients', { pilotMailbox: null, ccManager: false });
    const rows = await sendReminders(customer);
    const mail = harness.mail(customer);
    expect(mail.map((message) => message.to[0]).sort()).toEqual(rows.map((row) => row.recipient).sort());
    expect(mail.every((message) => !message.subject.startsWith('[Pilot'))).toBe(true);
    expect(rows.every((row) => row.deliveredTo === null)).toBe(true);
  });
});

describe("managers' copies", () => {
  it("copies each user's manager as the directory names it, and sends a user without a manager the reminder alone", async () => {
    const customer = await harness.createCustomer({ users: 40 });
    await harness.request(customer, 'PUT', '/api/reminder-recipients', { pilotMailbox: null, ccManager: true });
    const rows = await sendReminders(customer);
    const tenant = harness.simulator.state.tenants.get(customer.directory.credentials.directoryId)!;
    let copied = 0;
    for (const row of rows) {
      const message = harness.mail(customer).find((candidate) => candidate.to[0] === row.recipient)!;
      const manager = tenant.managerOf(tenant.findUser(row.graphUserId!)!);
      const expected = manager ? [manager.mail ?? manager.userPrincipalName] : [];
      expect(message.cc, row.recipient).toEqual(expected);
      expect(row.deliveredTo).toEqual(expected.length > 0 ? [row.recipient, ...expected] : null);
      copied += expected.length;
    }
    expect(copied).toBeGreaterThan(0);
    expect(copied).toBeLessThan(rows.length);
  });
});
