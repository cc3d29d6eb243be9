// How sending waits when Graph asks it to, and what it retries: Retry-After is honoured exactly
// (capped), not multiplied by a growing backoff; a 5xx Graph answered is retried, since Graph did
// not accept the message.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSends, mailboxHolds } from '../db/schema/index.js';
import { drainTenant } from './drain-tenant.js';
import { claimNextEmail, deferEmail } from './email-ledger.js';
import { expectedRecipients, NotificationHarness, recipientCounts, type Customer } from './test-support/notification-harness.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.start({ env: { MAIL_RATE_PER_MINUTE: '3000' }, simulator: { mailMessagesPerMinute: 3000 } });
  // No job runner: the tests drive sending themselves.
  await harness.startInstance({ jobs: false });
});
afterAll(async () => {
  await harness?.close();
});

async function queueReminders(customer: Customer): Promise<number> {
  const response = await harness.request(customer, 'POST', '/api/run-check', {});
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { summary: { queued: number } }).summary.queued;
}

describe('a mailbox Graph keeps throttling', () => {
  it('waits exactly the Retry-After of each 429, however many came in a row; only without one does the backoff grow', async () => {
    const customer = await harness.createCustomer({ users: 3 });
    expect(await queueReminders(customer)).toBeGreaterThan(0);
    const senderMailbox = customer.directory.credentials.fromEmail.toLowerCase();
    const limits = { ratePerMinute: 100_000, maxConcurrency: 4, dailyLimit: 10_000 };
    // The largest jitter the random source can give: the old rule waited the backoff when it exceeded Retry-After.
    const backoff = { baseMs: 1_000, maxMs: 300_000, random: () => 0.999 };
    const problem = { reason: 'throttled', code: 'ApplicationThrottled', message: 'throttled' } as const;
    let now = new Date();
    const waits: number[] = [];
    const deferOnce = async (retryAfterMs: number) => {
      const claim = await claimNextEmail(harness.database.db, {
        tenantId: customer.tenantId,
        senderMailbox,
        limits,
        workerId: 'retry-test',
        leaseMs: 60_000,
        now,
      });
      expect(claim.kind).toBe('claimed');
      if (claim.kind !== 'claimed') throw new Error('not claimed');
      const until = await deferEmail(harness.database.db, claim.row, retryAfterMs, problem, backoff, now);
      waits.push(until!.getTime() - now.getTime());
      now = until!;
    };
    for (let answer = 0; answer < 11; answer += 1) await deferOnce(2_000);
    expect(waits).toEqual(Array.from({ length: 11 }, () => 2_000));
    const [hold] = await harness.database.db.select().from(mailboxHolds).where(eq(mailboxHolds.senderMailbox, senderMailbox));
    expect(hold).toMatchObject({ consecutiveDeferrals: 11, holdUntil: now });

    // A Retry-After beyond the cap waits the cap; none at all waits the (now long) backoff.
    await deferOnce(3_600_000);
    await deferOnce(0);
    expect(waits.slice(11)).toEqual([300_000, Math.floor(0.999 * 300_000)]);
  });
});

describe('Graph answering 5xx to sendMail', () => {
  it('defers the reminders as an outage and sends each exactly once when Graph is back', async () => {
    const customer = await harness.createCustomer({ users: 12 });
    const expected = expectedRecipients(customer, new Date());
    expect(await queueReminders(customer)).toBe(expected.length);

    harness.simulator.state.faults = { ...harness.simulator.state.faults, errorRate: 1 };
    try {
      const during = await drainTenant(harness.app.notifications, customer.tenantId, { deadline: new Date(Date.now() + 1_000), maxWaitMs: 1_000 });
      expect(during).toMatchObject({ sent: 0, failed: 0 });
      expect(during.deferred).toBeGreaterThan(0);
    } finally {
      harness.simulator.state.faults.errorRate = 0;
    }
    const waiting = await harness.database.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.tenantId, customer.tenantId), eq(emailSends.state, 'deferred')));
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((row) => row.errorKind === 'outage' && row.errorCode === 'generalException')).toBe(true);

    const after = await drainTenant(harness.app.notifications, customer.tenantId, { deadline: new Date(Date.now() + 30_000), maxWaitMs: 5_000 });
    expect(after).toMatchObject({ failed: 0, unfinished: false });
    const rows = await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));
    expect(rows.map((row) => row.state)).toEqual(rows.map(() => 'sent'));
    expect([...recipientCounts(harness.mail(customer)).entries()].sort()).toEqual(expected.map((address) => [address, 1]));
  });
});
