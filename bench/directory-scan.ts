// Reads a simulated 100,000-user tenant the way the server does (GraphClient -> scanDirectory ->
// preview reduction) with 20 ms latency per request, and prints the elapsed time against the floor
// (pages are strictly sequential through nextLink, so pages x latency is the least any client
// needs) and the peak RSS of this process. The simulator runs in a child process so its memory
// is not counted. As a peer it also times a bare loop that only fetches and parses the same pages
// (no retries, no expiry rules), which shows what the simulator and the machine cost by themselves.
//   npx tsx bench/directory-scan.ts  [--users 100000] [--latency 20]
import { parseArgs } from 'node:util';
import { GRAPH_MAX_PAGE_SIZE, GraphClient, USER_SELECT_FIELDS } from '../src/server/integrations/graph/graph-client.js';
import { previewDirectory } from '../src/server/directory/preview-directory.js';
import { clientSecretCredential } from '../src/server/integrations/graph/client-credential.js';
import { TokenCache } from '../src/server/integrations/graph/token-cache.js';
import { formatCount, peakRssMb } from './support/figures.js';
import { startGraphSimulatorProcess } from './support/graph-simulator-process.js';

const TARGET_RATIO = 1.5;
const TARGET_PEAK_RSS_MB = 300;

const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' }, latency: { type: 'string', default: '20' } } });
const userCount = Number(values.users);
const latencyMs = Number(values.latency);

/** The peer: follow nextLink with nothing else, one page after the other. */
async function timeBareLoop(baseUrl: string, token: string): Promise<number> {
  const startedAt = performance.now();
  let next: string | undefined = `${baseUrl}/v1.0/users?$select=${USER_SELECT_FIELDS.join(',')}&$top=${GRAPH_MAX_PAGE_SIZE}`;
  while (next) {
    const response = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
    next = ((await response.json()) as { '@odata.nextLink'?: string })['@odata.nextLink'];
  }
  return performance.now() - startedAt;
}

const simulator = await startGraphSimulatorProcess();
const { baseUrl } = simulator;
try {
  const tenant = await simulator.control('POST', 'tenants', { users: userCount, seed: 100_000 });
  await simulator.control('PUT', 'faults', { latencyMs });
  const client = new GraphClient({
    authorityUrl: baseUrl,
    graphUrl: baseUrl,
    entraTenantId: String(tenant.directoryId),
    clientId: String(tenant.applicationId),
    credential: clientSecretCredential(String(tenant.clientSecret)),
    tokenCache: new TokenCache(),
  });
  // The token is cached for an hour in real use: the measurement is the directory read.
  await client.acquireToken();

  const startedAt = performance.now();
  const preview = await previewDirectory(client, {
    includeGroups: [],
    excludeGroups: [],
    passwordValidityDays: 365,
    timeZone: 'America/New_York',
    now: new Date(),
  });
  const elapsedMs = performance.now() - startedAt;
  const scanPeakRssMb = peakRssMb();

  const bareLoopMs = await timeBareLoop(baseUrl, await client.acquireToken());
  const pages = Math.ceil(preview.stats.totalUsers / GRAPH_MAX_PAGE_SIZE);
  const floorMs = pages * latencyMs;
  const ratio = elapsedMs / floorMs;
  console.log(
    `directory scan: ${formatCount(preview.stats.totalUsers)} users in ${pages} pages of ${GRAPH_MAX_PAGE_SIZE}, ` + `${latencyMs} ms latency per request`,
  );
  console.log(
    `  with an expiry date: ${formatCount(preview.stats.usersWithExpiryDate)}, expired: ` +
      `${formatCount(preview.stats.expiredUsers)}, listed: ${preview.stats.listedUsers}`,
  );
  console.log(
    `  elapsed ${formatCount(elapsedMs)} ms, floor ${formatCount(floorMs)} ms (${pages} pages x ${latencyMs} ms): ` +
      `${ratio.toFixed(2)}x the floor (target <= ${TARGET_RATIO}x)`,
  );
  console.log(`  bare fetch-and-parse loop over the same pages: ${formatCount(bareLoopMs)} ms ` + `(${(bareLoopMs / floorMs).toFixed(2)}x the floor)`);
  console.log(`  peak RSS of the scan ${scanPeakRssMb.toFixed(0)} MB (target < ${TARGET_PEAK_RSS_MB} MB)`);
  if (preview.stats.totalUsers !== userCount) throw new Error(`read ${preview.stats.totalUsers} users, expected ${userCount}`);
  process.exitCode = ratio <= TARGET_RATIO && scanPeakRssMb < TARGET_PEAK_RSS_MB ? 0 : 1;
} finally {
  await simulator.stop();
}
