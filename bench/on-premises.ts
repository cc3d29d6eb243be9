// Hybrid directories against the Graph simulator (child process) and a real PostgreSQL:
// 1. Ingesting a 100,000-user snapshot the way the connector routes do (each batch parsed from
//    JSON, validated, written; then the commit): time, peak RSS, and the longest event-loop stall.
// 2. Planning a check of 100,000 synced users (dated from that snapshot) against 100,000 cloud
//    users: the ratio (target within 1.3x).
//   npx tsx bench/on-premises.ts  [--users 100000] [--latency 20]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { type AdUserRecord, type BeginSnapshotBody, MAX_USERS_PER_BATCH } from '../src/shared/api/connector-snapshot.js';
import { validateBatch } from '../src/server/on-premises/validate-batch.js';
import { runManualCheck } from '../src/server/automation/run-check.js';
import { loadConfig } from '../src/server/config.js';
import { createSecretBox } from '../src/server/crypto/secret-box.js';
import { users } from '../src/server/db/schema/index.js';
import { TokenCache } from '../src/server/integrations/graph/token-cache.js';
import { createNotificationServices, type NotificationServices } from '../src/server/notifications/notification-services.js';
import { createConnector } from '../src/server/on-premises/connectors.js';
import { beginSnapshot, commitSnapshot, receiveBatch } from '../src/server/on-premises/ingest-snapshot.js';
import { formatCount, peakRssMb } from './support/figures.js';
import { postgresServerPid, processTreeCpuUs } from './support/process-cpu.js';
import { startBenchDatabase } from './support/bench-database.js';
import { createBenchOrganization, type SimulatedTenant, UNUSED_PROVIDER_SETTINGS } from './support/bench-organization.js';
import { startGraphSimulatorProcess, type GraphSimulatorProcess } from './support/graph-simulator-process.js';

const TARGET_RATIO = 1.3;
const { values } = parseArgs({
  options: { users: { type: 'string', default: '100000' }, latency: { type: 'string', default: '20' }, rounds: { type: 'string', default: '5' } },
});
const userCount = Number(values.users);
const latencyMs = Number(values.latency);
const rounds = Number(values.rounds);

interface OnPremisesDataset {
  domain: BeginSnapshotBody['domain'];
  passwordSettingsObjects: BeginSnapshotBody['passwordSettingsObjects'];
  users: AdUserRecord[];
}

const ownerOf = async (services: NotificationServices) => (await services.db.select({ id: users.id }).from(users).limit(1))[0]!.id;

/** Phase 1: the snapshot, batch by batch as the routes receive it (JSON text in, validated, written). */
async function ingest(services: NotificationServices, tenantId: string, dataset: OnPremisesDataset): Promise<void> {
  const { connector } = await createConnector(services.db, tenantId, null, 'bench', new Date());
  const who = { connectorId: connector.id, tenantId };
  const batches = Math.ceil(dataset.users.length / MAX_USERS_PER_BATCH);
  const bodies = Array.from({ length: batches }, (_, index) =>
    JSON.stringify({ users: dataset.users.slice(index * MAX_USERS_PER_BATCH, (index + 1) * MAX_USERS_PER_BATCH) }),
  );
  const snapshotId = crypto.randomUUID();
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const rssBefore = peakRssMb();
  const startedAt = performance.now();
  await beginSnapshot(
    services.db,
    who,
    {
      snapshotId,
      connectorVersion: 'bench',
      takenAt: new Date().toISOString(),
      domain: dataset.domain,
      passwordSettingsObjects: dataset.passwordSettingsObjects,
      userCount: dataset.users.length,
      batchCount: batches,
    },
    new Date(),
  );
  for (const [index, body] of bodies.entries()) await receiveBatch(services.db, who, snapshotId, index, await validateBatch(JSON.parse(body)));
  const result = await commitSnapshot(services.db, who, snapshotId, new Date());
  const ingestMs = performance.now() - startedAt;
  stalls.disable();
  console.log(`ingest a snapshot: ${formatCount(result.usersRead)} AD users in ${batches} batches of up to ${MAX_USERS_PER_BATCH}`);
  console.log(
    `  ${formatCount(ingestMs)} ms (${formatCount(result.usersRead / (ingestMs / 1000))} users/s); longest event-loop stall ` +
      `${formatCount(stalls.max / 1e6)} ms; peak RSS ${rssBefore.toFixed(0)} MB before, ${peakRssMb().toFixed(0)} MB after`,
  );
}

interface CheckFigures {
  ms: number;
  /** CPU time of this process (the app) and of PostgreSQL; null off Linux or with a remote server. */
  appCpuMs: number;
  postgresCpuMs: number | null;
  message: string;
}

/** Phase 2: a whole check of one tenant, timed by the clock and by CPU. */
async function planCheck(services: NotificationServices, tenantId: string, postgresPid: number | null): Promise<CheckFigures> {
  const owner = await ownerOf(services);
  const postgresBefore = postgresPid === null ? null : await processTreeCpuUs(postgresPid);
  const appBefore = process.cpuUsage();
  const startedAt = performance.now();
  const check = await runManualCheck(services, tenantId, owner);
  const ms = performance.now() - startedAt;
  const app = process.cpuUsage(appBefore);
  const postgresAfter = postgresPid === null ? null : await processTreeCpuUs(postgresPid);
  return {
    ms,
    appCpuMs: (app.user + app.system) / 1000,
    postgresCpuMs: postgresBefore === null || postgresAfter === null ? null : (postgresAfter - postgresBefore) / 1000,
    message: check.message,
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const cpuMs = (figures: CheckFigures): number => figures.appCpuMs + (figures.postgresCpuMs ?? 0);
const cpuText = (figures: CheckFigures): string =>
  `CPU app ${formatCount(figures.appCpuMs)} ms, PostgreSQL ${figures.postgresCpuMs === null ? 'n/a' : `${formatCount(figures.postgresCpuMs)} ms`}`;

async function main(simulator: GraphSimulatorProcess, services: NotificationServices): Promise<boolean> {
  const cloud = await simulator.control<SimulatedTenant>('POST', 'tenants', { users: userCount, seed: 7, syncedShare: 0 });
  const synced = await simulator.control<SimulatedTenant>('POST', 'tenants', { users: userCount, seed: 8, syncedShare: 1 });
  const cloudOrg = await createBenchOrganization(services, cloud, { index: 0, timeZone: 'UTC' });
  const syncedOrg = await createBenchOrganization(services, synced, { index: 1, timeZone: 'UTC' });
  const dataset = await simulator.control<OnPremisesDataset>('GET', `tenants/${synced.directoryId}/on-premises`);
  await ingest(services, syncedOrg, dataset);
  const backend = await services.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  const postgresPid = await postgresServerPid(backend.rows[0]!.pid);

  await simulator.control('PUT', 'faults', { latencyMs });
  // A first check of each warms the token cache, the JIT and, for the synced tenant, records the anchors.
  await planCheck(services, cloudOrg, postgresPid);
  await planCheck(services, syncedOrg, postgresPid);
  console.log(`plan a check: ${formatCount(userCount)} users each, ${latencyMs} ms latency per Graph request, ${rounds} rounds (cloud, then synced)`);
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  let last: { cloud: CheckFigures; synced: CheckFigures; ratio: number; cpuRatio: number } | null = null;
  const roundOf = async (label: string) => {
    const cloudRun = await planCheck(services, cloudOrg, postgresPid);
    const syncedRun = await planCheck(services, syncedOrg, postgresPid);
    const figures = { cloud: cloudRun, synced: syncedRun, ratio: syncedRun.ms / cloudRun.ms, cpuRatio: cpuMs(syncedRun) / cpuMs(cloudRun) };
    console.log(
      `  ${label}: cloud ${formatCount(cloudRun.ms)} ms (${cpuText(cloudRun)}); synced ${formatCount(syncedRun.ms)} ms (${cpuText(syncedRun)}); ` +
        `${figures.ratio.toFixed(2)}x, CPU ${figures.cpuRatio.toFixed(2)}x; load ${loadAverage()}`,
    );
    return figures;
  };
  for (let round = 1; round <= rounds; round += 1) {
    last = await roundOf(`round ${round}`);
    ratios.push(last.ratio);
    cpuRatios.push(last.cpuRatio);
  }
  // Not in the median: a connector's new snapshot between two checks, so the synced check builds its record index afresh.
  await ingest(services, syncedOrg, dataset);
  await roundOf('after a new snapshot');
  await simulator.control('PUT', 'faults', { latencyMs: 0 });
  const ratio = median(ratios);
  console.log(`  cloud users:  ${last!.cloud.message}`);
  console.log(`  synced users: ${last!.synced.message}`);
  console.log(
    `  synced / cloud, median of ${rounds}: ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x); CPU (app + PostgreSQL) ${median(cpuRatios).toFixed(2)}x; ` +
      `peak RSS ${peakRssMb().toFixed(0)} MB`,
  );
  return ratio <= TARGET_RATIO;
}

/** The 1-, 5- and 15-minute load averages, as the figures are read with them. */
const loadAverage = (): string =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

const simulator = await startGraphSimulatorProcess();
const database = await startBenchDatabase(10);
try {
  const config = loadConfig({ NODE_ENV: 'test', GRAPH_API_URL: simulator.baseUrl, ENTRA_AUTHORITY_URL: simulator.baseUrl, ...UNUSED_PROVIDER_SETTINGS });
  const services = createNotificationServices({
    config,
    tenantGraph: {
      db: database.handle.db,
      secretBox: createSecretBox(randomBytes(32)),
      graph: { ...config.graph, tokenCache: new TokenCache() },
      clock: () => new Date(),
    },
    log: Fastify({ logger: false }).log,
  });
  process.exitCode = (await main(simulator, services)) ? 0 : 1;
} finally {
  await database.stop();
  await simulator.stop();
}
