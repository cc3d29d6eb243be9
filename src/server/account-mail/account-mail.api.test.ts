// Account mail end to end: events caused through the HTTP API (or the calendar, by running the
// minute tick at a chosen time) against the real database and the Graph simulator, sent by
// nodemailer to a real SMTP server in this process, and read back with postal-mime.
import { eq } from 'drizzle-orm';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FAULTS } from '../../simulators/graph/state.js';
import { DEFAULT_AUTOMATION_JOB_OPTIONS } from '../automation/index.js';
import { createSmtpSink, type SmtpSink } from '../../simulators/smtp/index.js';
import { addDays, utcMidnightOf, dayOfWeek } from '../../shared/domain/local-date.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { accountMailOutbox, auditLogs, memberships, operatorAuditLog, tenants } from '../db/schema/index.js';
import { configurationBodyFor, NotificationHarness, waitFor, type Customer } from '../notifications/test-support/notification-harness.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';
import { runAccountMailTick } from './index.js';
import { queueWeeklyReportNow } from './periodic-mail.js';

const FROM = 'alerts@passwatch.test';
const OPERATOR = 'ops@passwatch.test';

let harness: NotificationHarness;
let sink: SmtpSink;

beforeAll(async () => {
  sink = createSmtpSink();
  const { smtpUrl } = await sink.listen();
  harness = await NotificationHarness.start({
    env: { MAIL_RATE_PER_MINUTE: '3000', SMTP_URL: smtpUrl, MAIL_FROM: `Passwatch <${FROM}>`, ADMIN_EMAILS: OPERATOR, GRAPH_MAX_ATTEMPTS: '1' },
    simulator: { mailMessagesPerMinute: 3000 },
  });
  await harness.startInstance();
});

afterAll(async () => {
  await harness?.close();
  await sink?.close();
});

const services = () => harness.app.accountMail;

/** Configuration alerts wait for the end of their quarter hour: what is due by then is sent. */
const QUARTER_HOUR_MS = 15 * 60_000;

/** Sends what is due within the quarter hour, then takes (and removes) every message the sink got for `address`, parsed. */
async function mailFor(address: string): Promise<Email[]> {
  await services().sender.sendDue(new Date(Date.now() + QUARTER_HOUR_MS));
  const mine = sink.received.filter((mail) => mail.envelopeTo.includes(address));
  for (const mail of mine) sink.received.splice(sink.received.indexOf(mail), 1);
  return Promise.all(mine.map((mail) => PostalMime.parse(mail.raw)));
}

/** A customer whose creation alert has been delivered and put aside. */
async function customer(options: Parameters<NotificationHarness['createCustomer']>[0] = {}): Promise<Customer & { email: string }> {
  const created = await harness.createCustomer(options);
  const email = created.user.email!;
  await mailFor(email);
  return { ...created, email };
}

/** Another member of the customer's organization, with the given toggles. */
async function member(of: Customer, preferences: Record<string, boolean>) {
  const { db } = harness.database;
  const user = await createUser(db);
  await db.insert(memberships).values({ tenantId: of.tenantId, userId: user.id, role: 'admin' });
  const person = { cookie: await sessionCookieFor(db, user), tenantId: of.tenantId, email: user.email! };
  expect((await harness.request(person, 'PUT', '/api/notification-preferences', preferences)).statusCode).toBe(200);
  return person;
}

const setPreferences = async (who: Pick<Customer, 'cookie' | 'tenantId'>, preferences: Record<string, boolean>) =>
  expect((await harness.request(who, 'PUT', '/api/notification-preferences', preferences)).statusCode).toBe(200);

async function withGraphOutage<T>(run: () => Promise<T>): Promise<T> {
  harness.simulator.state.faults = { ...DEFAULT_FAULTS, serviceUnavailable: true };
  try {
    return await run();
  } finally {
    harness.simulator.state.faults = { ...DEFAULT_FAULTS };
  }
}

/** PUT /api/configuration: the customer's starting configuration with `changes`. */
const saveConfiguration = (who: Customer, changes: Record<string, unknown>) =>
  harness.request(who, 'PUT', '/api/configuration', configurationBodyFor(who.directory, changes));

const testConnection = (who: Customer) => harness.request(who, 'POST', '/api/test-configuration');

async function checkAndDrain(who: Customer): Promise<void> {
  const response = await harness.request(who, 'POST', '/api/run-check');
  expect(response.statusCode, response.body).toBe(200);
  await waitFor(
    async () => {
      const status = (await harness.request(who, 'GET', '/api/run-status')).json();
      return status.run?.status === 'completed' && status.run.done;
    },
    30_000,
    'the check and its reminders',
  );
}

/** The latest Monday 08:05 UTC that is not in the future. */
function latestMondayMorning(): Date {
  let day = localDateOf(new Date(), 'UTC');
  while (dayOfWeek(day) !== 1) day = addDays(day, -1);
  const at = new Date(utcMidnightOf(day) + (8 * 60 + 5) * 60_000);
  return at.getTime() > Date.now() ? new Date(at.getTime() - 7 * DAY_MS) : at;
}

describe('the SMTP message', () => {
  it('has a text and an HTML part, every value escaped, from MAIL_FROM, with a footer linking to Account Settings', async () => {
    const owner = await customer();
    const { db } = harness.database;
    await db.update(tenants).set({ name: 'Tom & <Jerry> "Co"' }).where(eq(tenants.id, owner.tenantId));
    expect((await saveConfiguration(owner, { checkTime: '09:30' })).statusCode).toBe(200);
    const [mail, ...more] = await mailFor(owner.email);
    expect(more).toEqual([]);
    expect(mail!.from?.address).toBe(FROM);
    expect(mail!.headers.find((header) => header.key === 'auto-submitted')?.value).toBe('auto-generated');
    expect(mail!.subject).toBe(`Security alert: Tom & <Jerry> "Co"'s configuration was changed`);
    expect(mail!.text).toMatch(/Changed in the configuration of Tom & <Jerry> "Co" at [\d-]+ [\d:]+ UTC:\n- Check time: 08:00 → 09:30 \(by /);
    expect(mail!.text).toContain(
      'You get this because Security Alerts is on in your Passwatch Account Settings. To stop it, turn it off there: http://localhost:3000/account',
    );
    expect(mail!.html).toContain('Tom &amp; &lt;Jerry&gt; &quot;Co&quot;');
    expect(mail!.html).not.toContain('<Jerry>');
    expect(mail!.html).toContain('<a href="http://localhost:3000/account">');
  });
});

describe('security alerts', () => {
  it('mails each member with Security Alerts on once when the configuration or credentials change, and nobody with it off', async () => {
    const owner = await customer();
    const quiet = await member(owner, { securityAlerts: false });
    const response = await saveConfiguration(owner, { clientSecret: `${owner.directory.credentials.clientSecret}x`, daysBeforeExpiration: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const mails = await mailFor(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Security alert: Contoso Ltd's configuration was changed"]);
    expect(mails[0]!.text).toMatch(/- Days before expiration: 7 → 10 \(by .*\n- Client secret: replaced \(by /);
    expect(await mailFor(quiet.email)).toEqual([]);
    // Sent once: another pass finds nothing to send.
    expect(await mailFor(owner.email)).toEqual([]);
    // A save that changes nothing is no event.
    expect((await saveConfiguration(owner, { clientSecret: `${owner.directory.credentials.clientSecret}x`, daysBeforeExpiration: 10 })).statusCode).toBe(200);
    expect(await mailFor(owner.email)).toEqual([]);
  });

  it('collects the changes after an alert for a quarter hour from the first and tells them in one alert, each setting once', async () => {
    // customer(): the creation's alert went out at the end of its quarter hour.
    const owner = await customer();
    expect((await saveConfiguration(owner, { checkTime: '09:30' })).statusCode).toBe(200);
    expect((await saveConfiguration(owner, { checkTime: '09:30', daysBeforeExpiration: 10 })).statusCode).toBe(200);
    expect((await saveConfiguration(owner, { checkTime: '10:00', daysBeforeExpiration: 10 })).statusCode).toBe(200);
    // Not even the first change is told before its quarter hour ends.
    await services().sender.sendDue(new Date());
    expect(sink.received.filter((mail) => mail.envelopeTo.includes(owner.email))).toEqual([]);
    const mails = await mailFor(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Security alert: Contoso Ltd's configuration was changed"]);
    expect(mails[0]!.text).toMatch(/- Check time: 08:00 → 10:00 \(by [^,]+, 2 saves, the last at .*\n- Days before expiration: 7 → 10 \(by /);
    expect(mails[0]!.text).not.toContain('created');
  });

  it('mails when the connection fails on two checks in a row, once per run of failures', async () => {
    const owner = await customer();
    const quiet = await member(owner, { securityAlerts: false });
    await withGraphOutage(async () => {
      expect((await testConnection(owner)).statusCode).toBe(200);
      expect(await mailFor(owner.email)).toEqual([]);
      await testConnection(owner);
      await testConnection(owner);
    });
    const mails = await mailFor(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Security alert: Contoso Ltd cannot connect to Microsoft Entra']);
    expect(mails[0]!.text).toContain('The last 2 checks of Contoso Ltd');
    expect(mails[0]!.text).toContain('Microsoft Graph is unavailable (HTTP 503)');
    expect(await mailFor(quiet.email)).toEqual([]);
    // Connected again, then failing twice more: a new run of failures, a new alert.
    await testConnection(owner);
    await withGraphOutage(async () => {
      await testConnection(owner);
      await testConnection(owner);
    });
    expect((await mailFor(owner.email)).length).toBe(1);
  });

  it('mails when the admin consent was removed in the tenant and the next two checks fail for it', async () => {
    const owner = await customer();
    expect((await testConnection(owner)).json().connection.status).toBe('connected');
    const { directoryId, applicationId } = owner.directory.credentials;
    const principals = harness.simulator.state.tenants.get(directoryId.toLowerCase())!.servicePrincipals;
    const principal = principals.get(applicationId.toLowerCase())!;
    principals.delete(applicationId.toLowerCase());
    try {
      await testConnection(owner);
      expect(await mailFor(owner.email)).toEqual([]);
      await testConnection(owner);
      const mails = await mailFor(owner.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Security alert: Contoso Ltd cannot connect to Microsoft Entra']);
      expect((await harness.request(owner, 'GET', '/api/connection-status')).json().problem).toBe('consent_missing');
    } finally {
      principals.set(applicationId.toLowerCase(), principal);
    }
  });

  it('mails the permissions the token lost since the previous check', async () => {
    const owner = await customer();
    expect((await testConnection(owner)).json().connection.status).toBe('connected');
    const { directoryId, applicationId } = owner.directory.credentials;
    const principal = harness.simulator.state.tenants.get(directoryId.toLowerCase())!.servicePrincipals.get(applicationId.toLowerCase())!;
    const granted = [...principal.permissions];
    principal.permissions = new Set(granted.filter((permission) => permission !== 'Mail.Send'));
    try {
      await testConnection(owner);
      const mails = await mailFor(owner.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Security alert: Contoso Ltd lost a Microsoft Graph permission']);
      expect(mails[0]!.text).toContain('- Mail.Send');
      // Still missing at the next check: nothing new was lost.
      await testConnection(owner);
      expect(await mailFor(owner.email)).toEqual([]);
    } finally {
      principal.permissions = new Set(granted);
    }
  });

  it('mails 30, 14, 7 and 1 days before the client secret expires, each once, the nearest threshold only', async () => {
    const owner = await customer();
    const quiet = await member(owner, { securityAlerts: false });
    const today = localDateOf(new Date(), 'UTC');
    const expiresOn = addDays(today, 20);
    const response = await saveConfiguration(owner, { clientSecret: undefined, clientSecretExpiresAt: expiresOn });
    expect(response.statusCode, response.body).toBe(200);
    await mailFor(owner.email);
    const at = (days: number) => new Date(Date.now() + days * DAY_MS);

    await runAccountMailTick(services(), at(0));
    const first = await mailFor(owner.email);
    expect(first.map((mail) => mail.subject)).toEqual(["Security alert: Contoso Ltd's client secret expires in 20 days"]);
    expect(first[0]!.text).toContain(`expires on ${expiresOn}`);
    await runAccountMailTick(services(), at(1));
    expect(await mailFor(owner.email)).toEqual([]);
    // 10 days left: the 14-day alert; 5 left: the 7-day one; then 1 day; after expiry nothing.
    const subjects: string[] = [];
    for (const day of [10, 11, 15, 16, 19, 20, 21]) {
      await runAccountMailTick(services(), at(day));
      // Three weeks ahead cross a Monday morning, when the owner's weekly report goes out too.
      subjects.push(...(await mailFor(owner.email)).map((mail) => mail.subject!).filter((subject) => subject.startsWith('Security alert')));
    }
    expect(subjects).toEqual([
      "Security alert: Contoso Ltd's client secret expires in 10 days",
      "Security alert: Contoso Ltd's client secret expires in 5 days",
      "Security alert: Contoso Ltd's client secret expires in 1 day",
    ]);
    expect((await mailFor(quiet.email)).filter((mail) => mail.subject?.startsWith('Security alert'))).toEqual([]);
  });
});

describe('email notifications', () => {
  it('mails a failed password check to members with Email Notifications on', async () => {
    const owner = await customer();
    const quiet = await member(owner, { emailNotifications: false, securityAlerts: false });
    const response = await withGraphOutage(() => harness.request(owner, 'POST', '/api/run-check'));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const mails = await mailFor(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Contoso Ltd: the password check failed']);
    expect(mails[0]!.text).toContain('Microsoft Graph is unavailable (HTTP 503)');
    expect(mails[0]!.text).toContain('You get this because Email Notifications is on');
    expect(await mailFor(quiet.email)).toEqual([]);
    expect(await mailFor(owner.email)).toEqual([]);
  });

  it('mails reminders carried over to the next day by the mailbox limit, once per carry-over', async () => {
    const owner = await customer({ users: 12 });
    const quiet = await member(owner, { emailNotifications: false });
    const limited = await harness.startInstance({ env: { MAIL_DAILY_LIMIT: '3' } });
    // The first instance, without the limit, would send the reminders as well if its sweep found
    // them before the limited instance's drain: it sends nothing while this test runs.
    const first = harness.app.notifications;
    await first.drains.stop();
    try {
      const response = await harness.request(owner, 'POST', '/api/run-check', undefined, limited.app);
      expect(response.statusCode, response.body).toBe(200);
      await waitFor(
        async () =>
          (await harness.database.db.$count(auditLogs, eq(auditLogs.tenantId, owner.tenantId))) > 0 &&
          (await harness.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, owner.tenantId))).some((entry) =>
            entry.message.startsWith('Daily sending limit'),
          ),
        30_000,
        'the carry-over',
      );
    } finally {
      await limited.app.notifications.drains.stop();
      await limited.jobs?.stop();
      first.drains.start(first, first.log, DEFAULT_AUTOMATION_JOB_OPTIONS);
    }
    const mails = await mailFor(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Contoso Ltd: \d+ reminders carried over$/)]);
    expect(mails[0]!.text).toContain('reached its daily sending limit');
    expect(await mailFor(quiet.email)).toEqual([]);
    // A second instance starts, paces its mailbox and stops its jobs: more than the default 30 s
    // when CI shares the machine (the wait for the carry-over alone may take 30 s).
  }, 120_000);
});

describe('weekly report', () => {
  it("mails each member with Weekly Reports on their own organization's week, once, from Monday 08:00 in its time zone", async () => {
    const alpha = await customer();
    const beta = await customer();
    const quiet = await member(alpha, { weeklyReports: false });
    await checkAndDrain(alpha);
    const monday = latestMondayMorning();
    const ledger = await harness.database.db.select().from(accountMailOutbox);
    // Other tests' ticks run weeks ahead and may have reported on their own organizations.
    expect(ledger.filter((row) => row.kind === 'weekly_report' && [alpha.tenantId, beta.tenantId].includes(row.tenantId ?? ''))).toEqual([]);

    // 07:55 on Monday is too early.
    await runAccountMailTick(services(), new Date(monday.getTime() - 10 * 60_000));
    expect(await mailFor(alpha.email)).toEqual([]);

    await runAccountMailTick(services(), monday);
    const [report, ...more] = await mailFor(alpha.email);
    expect(more).toEqual([]);
    const weekOf = localDateOf(monday, 'UTC');
    expect(report!.subject).toBe(`Contoso Ltd: weekly report for the week of ${weekOf}`);
    const sent = harness.mail(alpha).length;
    expect(sent).toBeGreaterThan(0);
    expect(report!.text).toContain(`In the last 7 days: ${sent} reminders sent, 0 reminders failed.`);
    expect(report!.text).toMatch(/Passwords expiring in the next 14 days: [1-9]\d*/);
    expect(report!.text).toContain('Connection health: connected (Connected)');
    expect(report!.text).toContain('You get this because Weekly Reports is on');

    // Beta's owner gets Beta's report only: nothing of Alpha's users.
    const [betaReport, ...betaMore] = await mailFor(beta.email);
    expect(betaMore).toEqual([]);
    expect(betaReport!.text).toContain('In the last 7 days: 0 reminders sent, 0 reminders failed.');
    const alphaUser = harness.mail(alpha)[0]!.to[0]!;
    expect(report!.text).toContain(alphaUser);
    expect(betaReport!.text).not.toContain(alphaUser);
    expect(await mailFor(quiet.email)).toEqual([]);

    // Later ticks of the same week add nothing.
    await runAccountMailTick(services(), new Date(monday.getTime() + 3 * 3_600_000));
    await runAccountMailTick(services(), new Date(monday.getTime() + 2 * DAY_MS));
    expect(await mailFor(alpha.email)).toEqual([]);
    expect(await mailFor(beta.email)).toEqual([]);
  });
});

describe("demo mode's Send Weekly Report Now", () => {
  it("queues the organization's report as of today whatever the day, once a day, and claims nothing while nobody wants it", async () => {
    const alpha = await customer();
    await checkAndDrain(alpha);
    // A Tuesday in the past: the outbox sends only what is due by the real clock.
    const tuesday = new Date(latestMondayMorning().getTime() - 6 * DAY_MS);

    await setPreferences(alpha, { weeklyReports: false });
    expect(await queueWeeklyReportNow(harness.database.db, alpha.tenantId, tuesday)).toBe(0);
    expect(await mailFor(alpha.email)).toEqual([]);

    // Turned on, the same day's report still goes out: the refusal above claimed nothing.
    await setPreferences(alpha, { weeklyReports: true });
    expect(await queueWeeklyReportNow(harness.database.db, alpha.tenantId, tuesday)).toBe(1);
    const [report, ...more] = await mailFor(alpha.email);
    expect(more).toEqual([]);
    expect(report!.subject).toBe(`Contoso Ltd: weekly report for the week of ${localDateOf(tuesday, 'UTC')}`);
    expect(report!.text).toContain(`In the last 7 days: ${harness.mail(alpha).length} reminders sent`);

    expect(await queueWeeklyReportNow(harness.database.db, alpha.tenantId, new Date(tuesday.getTime() + 3_600_000))).toBe(0);
    expect(await mailFor(alpha.email)).toEqual([]);
  });
});

describe('system updates', () => {
  async function operator() {
    const { db } = harness.database;
    const user = await createUser(db, { email: OPERATOR, signInEmail: OPERATOR, signInEmailVerified: true });
    return { user, cookie: await sessionCookieFor(db, user) };
  }
  const publish = (cookie: string, payload: unknown) =>
    harness.app.inject({ method: 'POST', url: '/api/admin/announcements', headers: { cookie }, payload: payload as object });

  it('mails the operator’s announcement once to every user with System Updates on, audited', async () => {
    const admin = await operator();
    const keen = await customer();
    const quiet = await customer();
    await setPreferences(keen, { systemUpdates: true });
    const response = await publish(admin.cookie, { title: 'Planned maintenance', body: 'Sunday 02:00-03:00 UTC.\n\nReminders wait & go out after <it>.' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().recipients).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailFor(keen.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Passwatch: Planned maintenance');
    expect(mail!.text).toContain('Reminders wait & go out after <it>.');
    expect(mail!.html).toContain('Reminders wait &amp; go out after &lt;it&gt;.');
    expect(mail!.text).toContain('You get this because System Updates is on');
    // System Updates is off by default.
    expect(await mailFor(quiet.email)).toEqual([]);
    expect(await mailFor(keen.email)).toEqual([]);

    const audit = await harness.database.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.userId, admin.user.id));
    expect(audit.map((entry) => entry.action)).toEqual(['announcement_published']);
    const listed = await harness.app.inject({ method: 'GET', url: '/api/admin/announcements', headers: { cookie: admin.cookie } });
    expect(listed.json()[0]).toMatchObject({ title: 'Planned maintenance', recipients: response.json().recipients });
  });

  it('refuses an empty or multi-line title, and anyone but an operator admin', async () => {
    const admin = await operator();
    for (const payload of [{ title: '', body: 'x' }, { title: 'a\nb', body: 'x' }, { title: 'ok', body: '  ' }, {}]) {
      expect((await publish(admin.cookie, payload)).statusCode).toBe(400);
    }
    const someone = await customer();
    expect((await publish(someone.cookie, { title: 'Hi', body: 'there' })).statusCode).toBe(403);
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/announcements', payload: { title: 'Hi', body: 'there' } })).statusCode).toBe(401);
  });
});

describe('helpdesk daily digest', () => {
  it('is set, validated and audited per organization, members only', async () => {
    const owner = await customer();
    const other = await customer();
    expect((await harness.request(owner, 'GET', '/api/helpdesk-digest')).json()).toEqual({ address: null });
    for (const address of ['not an address', 'a@b.c\r\nBcc: x@y.z', 42]) {
      expect((await harness.request(owner, 'PUT', '/api/helpdesk-digest', { address })).statusCode).toBe(400);
    }
    expect((await harness.request(owner, 'PUT', '/api/helpdesk-digest', { address: ' Helpdesk@Contoso.example ' })).json()).toEqual({
      address: 'Helpdesk@Contoso.example',
    });
    expect((await harness.request(owner, 'GET', '/api/helpdesk-digest')).json()).toEqual({ address: 'Helpdesk@Contoso.example' });
    expect((await harness.request(other, 'GET', '/api/helpdesk-digest')).json()).toEqual({ address: null });
    // Another organization's id with this member's session: not theirs.
    expect((await harness.request({ cookie: other.cookie, tenantId: owner.tenantId }, 'GET', '/api/helpdesk-digest')).statusCode).toBe(404);
    expect((await harness.request(owner, 'PUT', '/api/helpdesk-digest', { address: '' })).json()).toEqual({ address: null });
    const entries = await harness.database.db.select().from(auditLogs).where(eq(auditLogs.tenantId, owner.tenantId));
    expect(entries.map((entry) => entry.message).filter((message) => message.startsWith('Helpdesk digest'))).toEqual([
      expect.stringMatching(/^Helpdesk digest address set to Helpdesk@Contoso\.example by /),
      expect.stringMatching(/^Helpdesk digest turned off by /),
    ]);
  });

  it('mails the helpdesk once a day after the check: who expires today and who expired without a sent reminder', async () => {
    const owner = await customer({ users: 12 });
    const helpdesk = `helpdesk-${owner.tenantId.slice(0, 8)}@contoso.example`;
    expect((await harness.request(owner, 'PUT', '/api/helpdesk-digest', { address: helpdesk })).statusCode).toBe(200);
    const members = owner.directory.tenant.users.filter(
      (user) =>
        user.userType === 'Member' &&
        user.accountEnabled &&
        user.mail &&
        user.lastPasswordChangeDateTime !== null &&
        user.mail !== owner.directory.credentials.fromEmail,
    );
    const [today, expired] = members;
    // 90-day policy: changed 90 days ago expires today; 92 days ago expired two days ago.
    today!.lastPasswordChangeDateTime = Date.now() - 90 * DAY_MS;
    expired!.lastPasswordChangeDateTime = Date.now() - 92 * DAY_MS;

    await runAccountMailTick(services());
    expect(await mailFor(helpdesk)).toEqual([]); // no check yet today
    await checkAndDrain(owner);
    await runAccountMailTick(services());
    const [digest, ...more] = await mailFor(helpdesk);
    expect(more).toEqual([]);
    const day = localDateOf(new Date(), 'UTC');
    expect(digest!.subject).toBe(`Contoso Ltd: password digest for ${day}`);
    expect(digest!.text).toMatch(/Passwords expiring today: [1-9]/);
    const [expiringPart, expiredPart] = digest!.text!.split('Expired and never reminded successfully');
    expect(expiringPart).toContain(`${today!.displayName} <${today!.mail}>`);
    expect(expiredPart).toContain(`${expired!.displayName} <${expired!.mail}>`);
    expect(expiredPart).not.toContain(today!.mail!);
    expect(digest!.text).toContain('This address is the helpdesk address of an organization in Passwatch.');
    await runAccountMailTick(services());
    expect(await mailFor(helpdesk)).toEqual([]);
  });
});

describe('without SMTP_URL', () => {
  it('reports account mail as off and sends nothing', async () => {
    const instance = await harness.startInstance({ jobs: false, env: { SMTP_URL: '', MAIL_FROM: '' } });
    const owner = await customer();
    const status = await harness.request(owner, 'GET', '/api/account-mail/status', undefined, instance.app);
    expect(status.json()).toEqual({ enabled: false });
    expect((await harness.request(owner, 'GET', '/api/account-mail/status')).json()).toEqual({ enabled: true });
    expect(await instance.app.accountMail.sender.sendDue()).toBe(0);
  });
});
