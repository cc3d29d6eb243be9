// Scheduled checks run several at a time per instance (CHECK_CONCURRENCY), one slot each, in the
// order they fell due, and an organization's check of a day still runs once, however many
// workers are handed it. One organization is never checked by two checks at once: a Run Now
// waits for its scheduled check.
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../shared/domain/days-until.js';
import { auditLogs, automationRuns, passwordExpirations } from '../db/schema/index.js';
import {
  expectedRecipients,
  type Instance,
  NotificationHarness,
  recipientCounts,
  waitFor,
  type Customer,
} from '../notifications/test-support/notification-harness.js';
import { AUTOMATION_CHECK_QUEUE, checkJobId, runScheduledCheck } from './automation-jobs.js';
import type { DueCheck } from './due-checks.js';

/**
 * Holds every check's read of the users (GET /users) until its organization is let through, and
 * counts the reads held at once and the reads per organization (by the token's tenant).
 */
class DirectoryGate {
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly open = new Set<string>();
  readonly reads = new Map<string, number>();
  maxHeld = 0;

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/users')) {
      const tenant = tenantOfToken(new Headers(init?.headers).get('authorization'));
      this.reads.set(tenant, (this.reads.get(tenant) ?? 0) + 1);
      if (!this.open.has(tenant)) {
        await new Promise<void>((resolve) => {
          this.waiting.set(tenant, [...(this.waiting.get(tenant) ?? []), resolve]);
          this.maxHeld = Math.max(this.maxHeld, this.held());
        });
      }
    }
    return fetch(input, init);
  };

  held(): number {
    return [...this.waiting.values()].reduce((sum, list) => sum + list.length, 0);
  }

  isHeld(customer: Customer): boolean {
    return this.waiting.has(directoryOf(customer));
  }

  letThrough(customer: Customer): void {
    const tenant = directoryOf(customer);
    this.open.add(tenant);
    for (const resolve of this.waiting.get(tenant) ?? []) resolve();
    this.waiting.delete(tenant);
  }

  readsOf(customer: Customer): number {
    return this.reads.get(directoryOf(customer)) ?? 0;
  }
}

const directoryOf = (customer: Customer) => customer.directory.credentials.directoryId;

function tenantOfToken(authorization: string | null): string {
  const payload = authorization?.replace(/^Bearer /, '').split('.')[1] ?? '';
  return String((JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { tid?: string }).tid);
}

const gate = new DirectoryGate();
let harness: NotificationHarness;
let instance: Instance;

beforeAll(async () => {
  harness = await NotificationHarness.start({
    env: { MAIL_RATE_PER_MINUTE: '3000', GRAPH_REQUEST_TIMEOUT_MS: '120000' },
    simulator: { mailMessagesPerMinute: 3000 },
    graphFetch: gate.fetch,
  });
  instance = await harness.startInstance({ env: { CHECK_CONCURRENCY: '3' } });
});
afterAll(async () => {
  await harness?.close();
});

const checkOf = (customer: Customer): DueCheck => ({ tenantId: customer.tenantId, localDay: localDateOf(new Date(), 'UTC') });

/** Queues the customers' scheduled checks of today, in this order, as the minute tick does. */
async function queueChecks(customers: readonly Customer[]): Promise<void> {
  for (const customer of customers) {
    const check = checkOf(customer);
    await instance.jobs!.boss.send(AUTOMATION_CHECK_QUEUE, check, { id: checkJobId(check) });
  }
}

async function runsOf(customers: readonly Customer[]) {
  return harness.database.db
    .select()
    .from(automationRuns)
    .where(
      inArray(
        automationRuns.tenantId,
        customers.map((customer) => customer.tenantId),
      ),
    );
}

async function completed(customers: readonly Customer[]): Promise<number> {
  return (await runsOf(customers)).filter((run) => run.status === 'completed').length;
}

async function jobStates(customers: readonly Customer[]): Promise<Record<string, number>> {
  const { rows } = await harness.database.pool.query<{ state: string; count: string }>(
    'select state, count(*) from pgboss.job where name = $1 and id = any($2::uuid[]) group by state',
    [AUTOMATION_CHECK_QUEUE, customers.map((customer) => checkJobId(checkOf(customer)))],
  );
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
}

describe('scheduled checks on one instance', () => {
  it('runs as many checks at once as CHECK_CONCURRENCY allows, and no more', async () => {
    const customers: Customer[] = [];
    for (let index = 0; index < 5; index += 1) customers.push(await harness.createCustomer({ users: 5 }));
    await queueChecks(customers);

    await waitFor(() => gate.held() === 3, 30_000, 'three checks reading the directory at once');
    // The two others wait in the queue: the instance took no job it had no slot for.
    expect(await jobStates(customers)).toEqual({ active: 3, created: 2 });

    for (const customer of customers) gate.letThrough(customer);
    await waitFor(async () => (await completed(customers)) === 5, 60_000, 'every check');
    expect(gate.maxHeld).toBe(3);
  }, 120_000);

  it("keeps a slow organization's check to its own slot: the checks queued after it go on in the others", async () => {
    const big = await harness.createCustomer({ users: 1500 });
    const small: Customer[] = [];
    for (let index = 0; index < 6; index += 1) small.push(await harness.createCustomer({ users: 5 }));
    for (const customer of small) gate.letThrough(customer);
    await queueChecks([big, ...small]);

    await waitFor(async () => (await completed(small)) === small.length, 60_000, 'the small organizations’ checks');
    // All done while the big one, queued first, still waits for its directory.
    expect(gate.isHeld(big)).toBe(true);
    expect(await runsOf([big])).toMatchObject([{ status: 'running' }]);

    gate.letThrough(big);
    await waitFor(async () => (await completed([big])) === 1, 60_000, 'the big organization’s check');
  }, 120_000);
});

describe('scheduled checks on two instances', () => {
  it("runs an organization's check of the day once, whichever workers are handed it at the same time, and mails each user once", async () => {
    const second = await harness.startInstance({ env: { CHECK_CONCURRENCY: '2' } });
    const customers: Customer[] = [];
    for (let index = 0; index < 4; index += 1) customers.push(await harness.createCustomer({ users: 20 }));
    // Held until every worker has been handed every check: all of them overlap.
    const deliveries = customers.flatMap((customer) =>
      [instance, second, instance, second].map((worker) => runScheduledCheck(worker.app.notifications, checkOf(customer))),
    );
    await waitFor(() => customers.every((customer) => gate.isHeld(customer)), 30_000, 'a check of each organization');
    for (const customer of customers) gate.letThrough(customer);
    await Promise.all(deliveries);

    for (const customer of customers) {
      expect(gate.readsOf(customer), 'directory reads').toBe(1);
      const audit = await harness.database.db
        .select({ message: auditLogs.message })
        .from(auditLogs)
        .where(and(eq(auditLogs.tenantId, customer.tenantId), like(auditLogs.message, 'Password check (scheduled)%')));
      expect(audit, 'checks recorded').toHaveLength(1);
    }
    expect((await runsOf(customers)).map((run) => run.status)).toEqual(['completed', 'completed', 'completed', 'completed']);

    // A late delivery (a retry after the check finished) runs nothing either.
    await runScheduledCheck(second.app.notifications, checkOf(customers[0]!));
    expect(gate.readsOf(customers[0]!)).toBe(1);

    for (const customer of customers) {
      const expected = expectedRecipients(customer, new Date());
      await waitFor(() => harness.mail(customer).length >= expected.length, 30_000, 'the reminders');
      expect([...recipientCounts(harness.mail(customer)).entries()].sort()).toEqual(expected.map((address) => [address, 1]));
    }
    const { rows } = await harness.database.db.execute<{ duplicates: number }>(
      sql`select count(*)::int as duplicates from (
        select 1 from email_sends where kind = 'reminder' group by tenant_id, graph_user_id, local_day having count(*) > 1) as twice`,
    );
    expect(rows[0]?.duplicates).toBe(0);
  }, 120_000);
});

describe('a Run Now during the organization’s scheduled check', () => {
  it('waits for that check to end, then reads the directory afresh: the users table is the later check’s, whole', async () => {
    const customer = await harness.createCustomer();
    const scheduled = runScheduledCheck(instance.app.notifications, checkOf(customer));
    await waitFor(() => gate.isHeld(customer), 30_000, 'the scheduled check reading the directory');

    const runNow = harness.request(customer, 'POST', '/api/run-check', undefined, instance.app);
    // Side by side, the Run Now would read the directory now and each check would then delete
    // the users the other had just written; it waits for the organization instead.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(gate.readsOf(customer), 'directory reads while the scheduled check runs').toBe(1);

    gate.letThrough(customer);
    await scheduled;
    const answer = await runNow;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(gate.readsOf(customer)).toBe(2);

    const runs = await runsOf([customer]);
    const scheduledRun = runs.find((run) => run.trigger === 'schedule');
    const manualRun = runs.find((run) => run.trigger === 'manual');
    expect([scheduledRun?.status, manualRun?.status]).toEqual(['completed', 'completed']);
    expect(manualRun!.startedAt.getTime()).toBeGreaterThanOrEqual(scheduledRun!.finishedAt!.getTime());

    const rows = await harness.database.db
      .select({ checkedAt: passwordExpirations.checkedAt })
      .from(passwordExpirations)
      .where(eq(passwordExpirations.tenantId, customer.tenantId));
    expect(rows).toHaveLength((manualRun!.summary as { usersInScope: number }).usersInScope);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.checkedAt.toISOString()))).toEqual(new Set([manualRun!.startedAt.toISOString()]));
  }, 120_000);
});
