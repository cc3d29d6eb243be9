import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailSends } from '../db/schema/index.js';
import { drainTenant } from './drain-tenant.js';
import { OUTCOME_UNKNOWN_MESSAGE } from './email-ledger.js';
import { expectedRecipients, NotificationHarness, recipientCounts, waitFor } from './test-support/notification-harness.js';

const WORKER = fileURLToPath(new URL('./test-support/drain-worker-process.ts', import.meta.url));
const LEASE_MS = 1_500;

let harness: NotificationHarness;
let worker: ChildProcess | null = null;

beforeAll(async () => {
  harness = await NotificationHarness.start({ env: { MAIL_RATE_PER_MINUTE: '600' }, simulator: { mailMessagesPerMinute: 600 } });
  // No job runner here: only the worker process sends, until it is killed.
  await harness.startInstance({ jobs: false });
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await harness?.close();
});

function startWorker(tenantId: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: { ...process.env, ...harness.env(), DATABASE_URL: harness.database.url, TENANT_ID: tenantId, LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.on('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && code !== 0) console.error(`drain worker exited with ${code}: ${errors}`);
  });
  return child;
}

describe('a worker killed in the middle of sending', () => {
  it('leaves no mail sent twice, and the restarted sender sends the rest, each once', async () => {
    const customer = await harness.createCustomer({ users: 60 });
    const expected = expectedRecipients(customer, new Date());
    const check = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(check.json().summary.queued).toBe(expected.length);

    // Slow answers keep requests in flight at any moment (at 600 a minute, one starts every 100 ms).
    harness.simulator.state.faults = { ...harness.simulator.state.faults, latencyMs: 250 };
    worker = startWorker(customer.tenantId);
    await waitFor(() => harness.mail(customer).length >= Math.floor(expected.length / 3), 30_000, 'the worker to send a third');
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));
    worker = null;
    harness.simulator.state.faults.latencyMs = 0;

    const atKill = await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));
    const inFlight = atKill.filter((row) => row.state === 'sending');
    expect(atKill.filter((row) => row.state === 'sent').length).toBeGreaterThan(0);
    expect(atKill.filter((row) => row.state === 'queued').length).toBeGreaterThan(0);
    // Requests take 250 ms and start every 100 ms: some were out when the worker died.
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.length).toBeLessThanOrEqual(4);

    // Restart: once the dead worker's leases ran out, another sender takes over.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
    const result = await drainTenant(harness.app.notifications, customer.tenantId, { deadline: new Date(Date.now() + 60_000), maxWaitMs: 30_000 });

    const rows = await harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));
    const counts = recipientCounts(harness.mail(customer));
    // Nobody got two; everyone got one, except possibly a mail that was in flight at the kill.
    expect(Math.max(...counts.values())).toBe(1);
    const unknown = rows.filter((row) => row.state === 'failed');
    expect(unknown.map((row) => row.id).sort()).toEqual(inFlight.map((row) => row.id).sort());
    expect(unknown.every((row) => row.lastError === OUTCOME_UNKNOWN_MESSAGE)).toBe(true);
    const settled = rows.filter((row) => row.state === 'sent');
    expect(settled.length + unknown.length).toBe(expected.length);
    expect(settled.every((row) => counts.get(row.recipient) === 1)).toBe(true);
    expect(result.sent).toBe(atKill.filter((row) => row.state === 'queued').length);

    // Each mail of unknown outcome is reported.
    const warnings = await harness.database.db.select({ message: auditLogs.message }).from(auditLogs).where(eq(auditLogs.tenantId, customer.tenantId));
    for (const row of unknown) expect(warnings.map((entry) => entry.message)).toContain(`Reminder to ${row.recipient}: ${OUTCOME_UNKNOWN_MESSAGE}`);
  });
});
