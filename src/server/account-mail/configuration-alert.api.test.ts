// The configuration security alert against the real database and a real SMTP server, on the
// harness's hand-moved clock: saves made through PUT /api/configuration are collected for a quarter
// hour and told in one mail per member (docs/product.md §Account mail), by whichever instance
// flushes the window first, never twice, and no save is lost while a window is being flushed.
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpSink, type SmtpSink } from '../../simulators/smtp/index.js';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { accountMailOutbox, configurationAlertWindows, users } from '../db/schema/index.js';
import { configurationFor, organizationOwner, saveConfiguration, startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { AccountMailSender, DEFAULT_ACCOUNT_MAIL_SETTINGS } from './account-mail-sender.js';
import { alertConfigurationChanged, flushDueWindows } from './configuration-alert.js';
import { smtpChannel } from './smtp-channel.js';

const FROM = 'Passwatch <alerts@passwatch.test>';
const QUARTER_HOUR_MS = 15 * 60_000;
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

let harness: ApiHarness;
let sink: SmtpSink;
let smtpUrl: string;
/** A second connection pool on the same database: another instance, or this one after a restart. */
let other: DatabaseHandle;

beforeAll(async () => {
  sink = createSmtpSink();
  ({ smtpUrl } = await sink.listen());
  harness = await startApiHarness({ SMTP_URL: smtpUrl, MAIL_FROM: FROM });
  other = connectDatabase((harness.database as DatabaseHandle & { url: string }).url, 5);
});

afterAll(async () => {
  await other?.close();
  await harness?.close();
  await sink?.close();
});

beforeEach(() => {
  sink.received.length = 0;
});

const clock = () => harness.graph.clock;
/** The app's own sender, sending what is due by the harness's clock. */
const sendDue = () => harness.app.accountMail.sender.sendDue();

/** A sender of another instance (or of this one after a restart) on its own connections. */
function anotherSender(channel: string | null = smtpUrl): AccountMailSender {
  return new AccountMailSender({
    db: other.db,
    clock: clock().now,
    log: silent,
    appUrl: 'https://passwatch.example',
    channel: channel ? smtpChannel(channel, FROM) : null,
    settings: DEFAULT_ACCOUNT_MAIL_SETTINGS,
  });
}

type Transaction = Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0];

/** Runs `work` in a transaction on the other pool and keeps it open (holding its row locks) until `commit`. */
async function heldTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<{ result: T; commit: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let done!: (result: T) => void;
  const worked = new Promise<T>((resolve) => {
    done = resolve;
  });
  const transaction = other.db.transaction(async (tx) => {
    done(await work(tx));
    await released;
  });
  const result = await Promise.race([worked, transaction.then(() => Promise.reject(new Error('the transaction ended before its work')))]);
  return {
    result,
    commit: async () => {
      release();
      await transaction;
    },
  };
}

/** Every message the sink got, parsed, taken out of the sink. */
async function takeMail(): Promise<(Email & { envelopeTo: string[] })[]> {
  const received = sink.received.splice(0, sink.received.length);
  return Promise.all(received.map(async (mail) => ({ ...(await PostalMime.parse(mail.raw)), envelopeTo: mail.envelopeTo })));
}

async function owner(): Promise<Member & { email: string }> {
  const member = await organizationOwner(harness);
  const [user] = await harness.database.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
  return { ...member, email: user!.email! };
}

const save = (member: Member, overrides: Parameters<typeof configurationFor>[1] = {}) =>
  saveConfiguration(harness, member, configurationFor(undefined, overrides));

describe('the configuration changed alert', () => {
  it('tells five auto-saves of first-time setup in one mail after the quarter hour, listing each setting once; a later change gets the next', async () => {
    const ada = await owner();
    const t0 = clock().nowMs;
    const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
    // First-time setup: created, then four auto-saves within three minutes.
    await save(ada);
    for (const [seconds, overrides] of [
      [40, { checkTime: '08:30' }],
      [85, { checkTime: '09:00' }],
      [130, { checkTime: '09:30', daysBeforeExpiration: 10 }],
      [175, { checkTime: '09:30', daysBeforeExpiration: 10, automationEnabled: false }],
    ] as const) {
      clock().nowMs = t0 + seconds * 1_000;
      await save(ada, overrides);
      expect(await sendDue()).toBe(0);
    }
    clock().nowMs = t0 + QUARTER_HOUR_MS - 1_000;
    expect(await sendDue()).toBe(0);
    expect(sink.received).toEqual([]);

    clock().nowMs = t0 + QUARTER_HOUR_MS;
    expect(await sendDue()).toBe(1);
    const [alert, ...more] = await takeMail();
    expect(more).toEqual([]);
    expect(alert!.envelopeTo).toEqual([ada.email]);
    expect(alert!.subject).toBe("Security alert: Contoso Ltd's configuration was changed");
    expect(alert!.text).toContain(`Changed in the configuration of Contoso Ltd between ${minute(t0)} UTC and ${minute(t0 + 175_000)} UTC:`);
    const lines = alert!.text!.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      `- Configuration: created (by Ada Lovelace, at ${minute(t0)} UTC)`,
      `- Check time: 08:00 → 09:30 (by Ada Lovelace, 3 saves, the last at ${minute(t0 + 130_000)} UTC)`,
      `- Days before expiration: 7 → 10 (by Ada Lovelace, at ${minute(t0 + 130_000)} UTC)`,
      `- Automation: enabled → disabled (by Ada Lovelace, at ${minute(t0 + 175_000)} UTC)`,
    ]);
    expect(alert!.text).toContain('Changes are collected for 15 minutes after the first one and told in one alert.');
    expect(alert!.html).toContain('<li>Check time: 08:00 → 09:30 (by Ada Lovelace, 3 saves, the last at');
    expect(await sendDue()).toBe(0);

    // The next change opens the next window: told a quarter hour after it, on its own.
    const t1 = t0 + QUARTER_HOUR_MS + 60_000;
    clock().nowMs = t1;
    await save(ada, { checkTime: '11:00', daysBeforeExpiration: 10, automationEnabled: false });
    clock().nowMs = t1 + QUARTER_HOUR_MS - 1_000;
    expect(await sendDue()).toBe(0);
    clock().nowMs = t1 + QUARTER_HOUR_MS;
    // Sent by a fresh sender: the window lives in the database, so a restarted instance mails it.
    expect(await anotherSender().sendDue()).toBe(1);
    const [second, ...none] = await takeMail();
    expect(none).toEqual([]);
    expect(second!.text!.split('\n').filter((line) => line.startsWith('- '))).toEqual([`- Check time: 09:30 → 11:00 (by Ada Lovelace, at ${minute(t1)} UTC)`]);
  });

  it('is mailed once when two instances flush the due windows at the same moment', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => owner()));
    for (const member of owners) await save(member);
    clock().advance(QUARTER_HOUR_MS);
    const [mine, theirs] = await Promise.all([sendDue(), anotherSender().sendDue()]);
    expect(mine + theirs).toBe(owners.length);
    const mails = await takeMail();
    expect(mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(owners.map((member) => member.email).sort());
    expect(await harness.database.db.$count(configurationAlertWindows)).toBe(0);
  });

  it('puts a save still being written when its window falls due into that alert', async () => {
    const ada = await owner();
    await save(ada);
    clock().advance(QUARTER_HOUR_MS);
    // A save's transaction has appended to the window and not committed yet.
    const saving = await heldTransaction((tx) =>
      alertConfigurationChanged(tx, ada.tenantId, { actor: 'Grace Hopper', changes: [{ setting: 'check time', from: '08:00', to: '07:00' }] }, clock().now()),
    );
    // The sender skips the window the save holds, rather than mailing it without the save.
    expect(await sendDue()).toBe(0);
    await saving.commit();
    expect(await sendDue()).toBe(1);
    const [alert] = await takeMail();
    expect(alert!.text).toContain('- Configuration: created (by Ada Lovelace');
    expect(alert!.text).toContain('- Check time: 08:00 → 07:00 (by Grace Hopper');
  });

  it('opens the next window with a save that arrives while a window is being flushed', async () => {
    const ada = await owner();
    await save(ada);
    clock().advance(QUARTER_HOUR_MS);
    // An instance is flushing: it has taken the window and not committed yet.
    const flushing = await heldTransaction((tx) => flushDueWindows(tx, clock().now(), QUARTER_HOUR_MS, 20));
    expect(flushing.result.windows).toBeGreaterThanOrEqual(1);
    const saving = save(ada, { checkTime: '06:00' });
    // The save waits for the window the flush holds.
    await expect
      .poll(
        async () =>
          (await other.pool.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0].n,
      )
      .toBe(1);
    await flushing.commit();
    await saving;
    expect(await sendDue()).toBe(1);
    const [first] = await takeMail();
    expect(first!.text).toContain('- Configuration: created');
    expect(first!.text).not.toContain('06:00');
    // The save was not lost: it opened the next window.
    clock().advance(QUARTER_HOUR_MS);
    expect(await sendDue()).toBe(1);
    const [next] = await takeMail();
    expect(next!.text!.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      expect.stringMatching(/^- Check time: 08:00 → 06:00 \(by Ada Lovelace, at /),
    ]);
  });

  it('is dropped with the queued mail by an instance without an SMTP server', async () => {
    const ada = await owner();
    await save(ada);
    expect(await harness.database.db.$count(configurationAlertWindows, eq(configurationAlertWindows.tenantId, ada.tenantId))).toBe(1);
    expect(await anotherSender(null).sendDue()).toBe(0);
    expect(await harness.database.db.$count(configurationAlertWindows)).toBe(0);
  });

  it("turns an alert the previous release queued into the new shape with the migration's hand-written part", async () => {
    const ada = await owner();
    const { db } = harness.database;
    await db.insert(accountMailOutbox).values({
      kind: 'security_alert',
      dedupeKey: `legacy:${ada.userId}`,
      tenantId: ada.tenantId,
      userId: ada.userId,
      recipient: ada.email,
      payload: {
        type: 'configuration_changed',
        organization: 'Contoso Ltd',
        actor: 'Ada Lovelace, Grace Hopper',
        changes: 'check time (08:00 → 09:30); automation (enabled → disabled)',
      },
      nextAttemptAt: clock().now(),
      createdAt: new Date('2025-03-10T14:31:00Z'),
    });
    const migration = readFileSync(new URL('../../../drizzle/0020_configuration_alert_windows.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration.slice(migration.indexOf('-- hand-written'))));
    expect(await sendDue()).toBe(1);
    const [alert] = await takeMail();
    expect(alert!.text).toContain(
      '- Configuration: check time (08:00 → 09:30); automation (enabled → disabled) (by Ada Lovelace, Grace Hopper, 2 saves, the last at 2025-03-10 14:31 UTC)',
    );
    expect(alert!.text).toContain('Changes are collected for 15 minutes after the first one');
  });
});
