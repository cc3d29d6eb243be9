// A PostgreSQL stop and restart in the middle of an organization's mail: the sending instance
// rides it out. Answers Graph gave during the outage are written once the database is back, a
// claim cut off mid-commit goes back to the queue, and the drain resumes: every reminder is sent
// exactly once, none is lost, none ends "outcome unknown". The server is this file's own.
// With FAULT_FIGURES_FILE set, the figures are appended to it as a JSON line (bench/faults.ts).
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../db/client.js';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from '../db/embedded-postgres.js';
import { runMigrations } from '../db/migrate.js';
import { emailSends } from '../db/schema/index.js';
import { expectedRecipients, NotificationHarness, recipientCounts, waitFor, type Instance } from './test-support/notification-harness.js';

const DRAIN_LEASE_MS = Number(process.env.FAULT_DRAIN_LEASE_MS ?? 1_500);
const SWEEP_MS = Number(process.env.FAULT_SWEEP_MS ?? 300);
/** How long the database stays down (besides its stop and start). */
const OUTAGE_MS = 2_000;

let dataDir: string;
let port: number;
let server: EmbeddedPostgresServer | null = null;
let harness: NotificationHarness;
let instance: Instance;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'passwatch-outage-'));
  server = await startEmbeddedPostgres({ dataDir, port: 0 });
  port = Number(new URL(server.adminUrl).port);
  await server.createDatabaseIfMissing('passwatch');
  const url = server.urlFor('passwatch');
  const handle = connectDatabase(url, 5);
  await runMigrations(handle.pool);
  harness = await NotificationHarness.start({ env: { MAIL_RATE_PER_MINUTE: '600' }, simulator: { mailMessagesPerMinute: 600 }, database: { ...handle, url } });
  instance = await harness.startInstance({ jobs: false });
}, 120_000);
afterAll(async () => {
  await instance?.app.notifications.drains.stop();
  await harness?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('sends every reminder exactly once across a database stop and restart mid-drain, none lost or of unknown outcome', async () => {
  const customer = await harness.createCustomer({ users: 60 });
  const expected = expectedRecipients(customer, new Date());
  const check = await harness.request(customer, 'POST', '/api/run-check', {});
  expect(check.json().summary.queued).toBe(expected.length);
  const rowsOf = () => harness.database.db.select().from(emailSends).where(eq(emailSends.tenantId, customer.tenantId));

  // Slow answers keep requests in flight when the database goes away.
  harness.simulator.state.faults = { ...harness.simulator.state.faults, latencyMs: 250 };
  const services = instance.app.notifications;
  services.drains.start(services, services.log, {
    drainSliceMs: 60_000,
    maxDrainWaitMs: 30_000,
    drainWorkers: 1,
    sweepIntervalMs: SWEEP_MS,
    leaseMs: DRAIN_LEASE_MS,
  });
  await waitFor(() => harness.mail(customer).length >= Math.floor(expected.length / 3), 30_000, 'a third to be sent');

  await server!.stop();
  const faultAt = Date.now();
  const sentBeforeRestart = harness.mail(customer).length;
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  server = await startEmbeddedPostgres({ dataDir, port });
  harness.simulator.state.faults.latencyMs = 0;

  await waitFor(async () => (await rowsOf()).every((row) => row.state === 'sent' || row.state === 'failed'), 60_000, 'the drain to finish after the restart');
  const rows = await rowsOf();
  const counts = recipientCounts(harness.mail(customer));
  expect(harness.mail(customer).length).toBeGreaterThan(sentBeforeRestart);
  expect(rows.map((row) => row.state)).toEqual(rows.map(() => 'sent'));
  expect([...counts.entries()].sort()).toEqual([...expected].sort().map((address) => [address, 1]));

  const resumed = rows.filter((row) => row.lastAttemptAt !== null && row.lastAttemptAt.getTime() > faultAt);
  expect(resumed.length).toBeGreaterThan(0);
  const figures = {
    duplicates: [...counts.values()].reduce((sum, count) => sum + count - 1, 0),
    lost: expected.length - rows.filter((row) => row.state === 'sent').length,
    resumeMs: Math.min(...resumed.map((row) => row.sentAt!.getTime())) - faultAt,
    outcomeUnknown: rows.filter((row) => row.errorKind === 'outcome_unknown').length,
  };
  expect(figures).toMatchObject({ duplicates: 0, lost: 0, outcomeUnknown: 0 });
  if (process.env.FAULT_FIGURES_FILE)
    await appendFile(process.env.FAULT_FIGURES_FILE, `${JSON.stringify({ fault: 'database stop/start', outageMs: OUTAGE_MS, ...figures })}\n`);
}, 120_000);
