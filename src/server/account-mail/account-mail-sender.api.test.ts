// The outbox's delivery rules against a real database and a real SMTP server that answers as told:
// a transient refusal is retried after the backoff, a permanent one is failed, a mail whose
// sender died mid-call is never sent again, and a mail is sent once however many senders run.
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMailOutbox } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createUser } from '../test-support/factories.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { AccountMailSender, DEFAULT_ACCOUNT_MAIL_SETTINGS } from './account-mail-sender.js';
import { OUTCOME_UNKNOWN } from './outbox.js';
import { smtpChannel } from './smtp-channel.js';

let database: DatabaseHandle;
let server: SMTPServer;
let smtpUrl: string;
/** What the server answers to each message, in turn; then 250. */
let answers: (number | null)[] = [];
let accepted = 0;

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const T0 = new Date('2026-03-02T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        const code = answers.shift() ?? null;
        if (code === null) {
          accepted += 1;
          callback();
          return;
        }
        callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(accountMailOutbox);
  answers = [];
  accepted = 0;
});

function sender(channelUrl = smtpUrl) {
  return new AccountMailSender({
    db: database.db,
    clock: () => T0,
    log: silent,
    appUrl: 'https://passwatch.example',
    channel: smtpChannel(channelUrl, 'Passwatch <alerts@passwatch.test>'),
    // random() = 1: the backoff waits its whole cap (30 s, 60 s, ...), so the times are exact.
    settings: { ...DEFAULT_ACCOUNT_MAIL_SETTINGS, maxAttempts: 3, backoff: { ...DEFAULT_ACCOUNT_MAIL_SETTINGS.backoff, random: () => 1 } },
  });
}

/** One queued mail (a system update) for a new user. */
async function queueOne(): Promise<string> {
  const user = await createUser(database.db);
  const [queued] = await database.db
    .insert(accountMailOutbox)
    .values({
      kind: 'system_update',
      dedupeKey: `test:${user.id}`,
      userId: user.id,
      recipient: user.email!,
      payload: { type: 'system_update', title: 'Hello', body: 'World' },
      nextAttemptAt: T0,
      createdAt: T0,
    })
    .returning({ id: accountMailOutbox.id });
  return queued!.id;
}

const row = async (id: string) => (await database.db.select().from(accountMailOutbox)).find((entry) => entry.id === id)!;

describe('the account mail sender', () => {
  it('retries a transient refusal after the backoff, and sends it then', async () => {
    const id = await queueOne();
    answers = [451];
    const mail = sender();
    expect(await mail.sendDue(T0)).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 1, nextAttemptAt: new Date(T0.getTime() + 30_000) });
    expect((await row(id)).lastError).toContain('451');
    // Not before its time.
    expect(await mail.sendDue(new Date(T0.getTime() + 29_000))).toBe(0);
    expect(await mail.sendDue(new Date(T0.getTime() + 30_000))).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(accepted).toBe(1);
    await mail.stop();
  });

  it('gives up after the last attempt, and at once on a permanent refusal', async () => {
    const transient = await queueOne();
    answers = [421, 421, 421];
    const mail = sender();
    for (const seconds of [0, 30, 90]) await mail.sendDue(new Date(T0.getTime() + seconds * 1000));
    expect(await row(transient)).toMatchObject({ state: 'failed', attempts: 3 });

    const refused = await queueOne();
    answers = [550];
    await mail.sendDue(T0);
    expect(await row(refused)).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await row(refused)).lastError).toContain('550');
    expect(accepted).toBe(0);
    await mail.stop();
  });

  it('waits for a server it cannot reach, without losing the mail', async () => {
    const id = await queueOne();
    const unreachable = sender('smtp://127.0.0.1:1');
    await unreachable.sendDue(T0);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 1 });
    await unreachable.stop();
  });

  it('never sends again a mail whose sender died mid-call, and sends each mail once with two senders at work', async () => {
    const stale = await queueOne();
    await database.db.update(accountMailOutbox).set({ state: 'sending', leaseUntil: new Date(T0.getTime() - 1) });
    const first = sender();
    const second = sender();
    await first.sendDue(T0);
    expect(await row(stale)).toMatchObject({ state: 'failed', lastError: OUTCOME_UNKNOWN });

    for (let n = 0; n < 10; n += 1) await queueOne();
    const sent = await Promise.all([first.sendDue(T0), second.sendDue(T0)]);
    expect(sent[0]! + sent[1]!).toBe(10);
    expect(accepted).toBe(10);
    await Promise.all([first.stop(), second.stop()]);
  });
});
