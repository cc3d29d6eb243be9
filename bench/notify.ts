// Two measurements of the reminder pipeline against the Graph simulator (in a child process, so
// its memory is not counted) and a real PostgreSQL (embedded in a temporary folder, or
// DATABASE_URL):
// 1. Planning a check of a 100,000-user tenant (scan, users table, send ledger) against the floor
//    of reading the same directory alone, with the peak RSS of this process.
// 2. Draining 5,000 queued mails through a mailbox the simulator limits to 600 a minute: the rate
//    achieved over the limit (target >= 0.95) and the 429s our own pacing caused (target 0).
//   npx tsx bench/notify.ts  [--users 100000] [--latency 20] [--mails 5000] [--rate 600]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { localDateOf } from '../src/shared/domain/days-until.js';
import { addDays } from '../src/shared/domain/local-date.js';
import { runManualCheck } from '../src/server/automation/run-check.js';
import { loadConfig } from '../src/server/config.js';
import { graphClientFor, loadGraphConnection } from '../src/server/configuration/graph-connection.js';
import { createSecretBox } from '../src/server/crypto/secret-box.js';
import { emailSends, users } from '../src/server/db/schema/index.js';
import { scanDirectory } from '../src/server/directory/scan-directory.js';
import { TokenCache } from '../src/server/integrations/graph/token-cache.js';
import { drainTenant } from '../src/server/notifications/drain-tenant.js';
import { createNotificationServices, type NotificationServices } from '../src/server/notifications/notification-services.js';
import { formatCount, peakRssMb } from './support/figures.js';
import { startBenchDatabase } from './support/bench-database.js';
import { createBenchOrganization, type SimulatedTenant, UNUSED_PROVIDER_SETTINGS } from './support/bench-organization.js';
import { startGraphSimulatorProcess, type GraphSimulatorProcess } from './support/graph-simulator-process.js';

const TARGET_RATE_RATIO = 0.95;

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    latency: { type: 'string', default: '20' },
    mails: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '600' },
  },
});
const userCount = Number(values.users);
const latencyMs = Number(values.latency);
const mailCount = Number(values.mails);
const ratePerMinute = Number(values.rate);

/** Phase 1: the directory read alone (the floor), then a whole check of the same directory. */
async function measurePlanning(services: NotificationServices, simulator: GraphSimulatorProcess): Promise<void> {
  const tenant = await simulator.control<SimulatedTenant>('POST', 'tenants', { users: userCount, seed: 100_000 });
  await simulator.control('PUT', 'faults', { latencyMs });
  const tenantId = await createBenchOrganization(services, tenant, { index: 0, timeZone: 'America/New_York' });
  const connection = await loadGraphConnection(services, tenantId);
  // The token is cached for an hour in real use: the measurements are the directory and the database.
  await graphClientFor(services, connection).acquireToken();
  const rssBefore = peakRssMb();

  let startedAt = performance.now();
  const scan = scanDirectory(graphClientFor(services, connection), {
    includeGroups: [],
    excludeGroups: [],
    passwordValidityDays: 365,
    timeZone: 'America/New_York',
    now: new Date(),
  });
  for await (const user of scan) void user;
  const floorMs = performance.now() - startedAt;
  const rssAfterScan = peakRssMb();

  startedAt = performance.now();
  const check = await runManualCheck(services, tenantId, (await services.db.select({ id: users.id }).from(users).limit(1))[0]!.id);
  const planMs = performance.now() - startedAt;
  const rssAfterPlan = peakRssMb();
  await simulator.control('PUT', 'faults', { latencyMs: 0 });

  console.log(`plan a check: ${formatCount(scan.counts.totalUsers)} users, ${latencyMs} ms latency per Graph request`);
  console.log(`  ${check.message}`);
  console.log(
    `  directory scan alone (floor): ${formatCount(floorMs)} ms; whole check (scan + users table + ledger): ` +
      `${formatCount(planMs)} ms = ${(planMs / floorMs).toFixed(2)}x the floor`,
  );
  console.log(
    `  peak RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfterScan.toFixed(0)} MB after the scan, ` + `${rssAfterPlan.toFixed(0)} MB after the check`,
  );
  if (scan.counts.totalUsers !== userCount) throw new Error(`read ${scan.counts.totalUsers} users, expected ${userCount}`);
}

/** Phase 2: `mailCount` queued reminders through one mailbox limited to `ratePerMinute`. */
async function measureDraining(services: NotificationServices, simulator: GraphSimulatorProcess, responses: { throttled: number }): Promise<boolean> {
  const tenant = await simulator.control<SimulatedTenant>('POST', 'tenants', { users: 10, seed: 200_000 });
  await simulator.control('PUT', 'settings', { mailMessagesPerMinute: ratePerMinute, mailRequestsPer10Minutes: 100_000 });
  const tenantId = await createBenchOrganization(services, tenant, { index: 1, timeZone: 'America/New_York' });
  const now = new Date();
  const today = localDateOf(now, 'America/New_York');
  const rows = Array.from({ length: mailCount }, (_, index) => ({
    tenantId,
    kind: 'reminder' as const,
    graphUserId: `bench-user-${index}`,
    recipient: `user${index}@bench.example.com`,
    displayName: `Bench User ${index}`,
    expiryDate: addDays(today, 1 + (index % 7)),
    localDay: today,
    threshold: 1 + (index % 7),
    senderMailbox: tenant.fromEmail.toLowerCase(),
    nextAttemptAt: now,
    createdAt: now,
  }));
  for (let start = 0; start < rows.length; start += 1000) await services.db.insert(emailSends).values(rows.slice(start, start + 1000));
  responses.throttled = 0;

  const startedAt = Date.now();
  const result = await drainTenant(services, tenantId, { deadline: new Date(startedAt + 3_600_000), maxWaitMs: 60_000 });
  const mail = await simulator.control<{ value: { receivedAt: string }[] }>('GET', `mail?tenantId=${tenant.directoryId}`);
  const lastAcceptedAt = Math.max(...mail.value.map((message) => Date.parse(message.receivedAt)));
  const minutes = (lastAcceptedAt - startedAt) / 60_000;
  const achieved = mail.value.length / minutes;
  const ratio = achieved / ratePerMinute;
  console.log(`drain the queue: ${formatCount(mailCount)} mails, mailbox limited to ${ratePerMinute} a minute (4 concurrent requests)`);
  console.log(
    `  sent ${formatCount(result.sent)}, failed ${result.failed}, deferred ${result.deferred}; the simulator ` +
      `accepted ${formatCount(mail.value.length)} in ${(minutes * 60).toFixed(1)} s`,
  );
  console.log(
    `  achieved ${achieved.toFixed(1)} a minute = ${ratio.toFixed(3)} of the limit (target >= ` +
      `${TARGET_RATE_RATIO}); 429 answers: ${responses.throttled} (target 0)`,
  );
  return result.sent === mailCount && mail.value.length === mailCount && ratio >= TARGET_RATE_RATIO && responses.throttled === 0;
}

const simulator = await startGraphSimulatorProcess();
const database = await startBenchDatabase(10);
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    GRAPH_API_URL: simulator.baseUrl,
    ENTRA_AUTHORITY_URL: simulator.baseUrl,
    MAIL_RATE_PER_MINUTE: String(ratePerMinute),
    ...UNUSED_PROVIDER_SETTINGS,
  });
  const responses = { throttled: 0 };
  const countingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 429) responses.throttled += 1;
    return response;
  };
  const services = createNotificationServices({
    config,
    tenantGraph: {
      db: database.handle.db,
      secretBox: createSecretBox(randomBytes(32)),
      graph: { ...config.graph, fetch: countingFetch, tokenCache: new TokenCache() },
      clock: () => new Date(),
    },
    log: Fastify({ logger: false }).log,
  });
  await measurePlanning(services, simulator);
  process.exitCode = (await measureDraining(services, simulator, responses)) ? 0 : 1;
} finally {
  await database.stop();
  await simulator.stop();
}
