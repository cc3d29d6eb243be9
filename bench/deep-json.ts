// Anonymous deep JSON against the event loop: the app built as in production on a
// loopback port, 8 parallel anonymous POST /api/tenants of 500,000 nested `[` (about 500 KB each),
// while a worker thread, with its own event loop, times GET /api/health every 5 ms. The figure is
// the slowest health answer during the burst; the target is under 100 ms (it was 3.1 s before the
// depth check in src/server/http/json-body.ts). Several rounds, since the machine may be shared.
//   npx tsx bench/deep-json.ts  [--rounds 5] [--parallel 8]
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/server/app.js';
import { OidcProvider } from '../src/server/auth/oidc-provider.js';
import { startBenchDatabase } from './support/bench-database.js';
import { benchAppConfig } from './support/bench-organization.js';

const TARGET_MS = 100;
const NESTING = 500_000;

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, parallel: { type: 'string', default: '8' } } });
const rounds = Number(values.rounds);
const parallel = Number(values.parallel);

// The health checker: fetches until told to stop, then reports when each answer was asked for
// (Date.now(), comparable across threads) and how long it took, in ms.
const HEALTH_CHECKER = `
const { parentPort, workerData } = require('node:worker_threads');
const samples = [];
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const at = Date.now();
    const started = performance.now();
    await fetch(workerData.url).then((response) => response.arrayBuffer());
    samples.push({ at, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  parentPort.postMessage(samples);
})();
`;

/** The health answers asked for while `burst` ran (and the one in flight when it began), after a warm-up. */
async function healthDuring(url: string, burst: () => Promise<unknown>): Promise<number[]> {
  const worker = new Worker(HEALTH_CHECKER, { eval: true, workerData: { url: `${url}/api/health` } });
  const samples = new Promise<{ at: number; ms: number }[]>((resolve) => worker.once('message', resolve));
  // The worker's first requests pay for its start and its connection.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const startedAt = Date.now();
  await burst();
  const endedAt = Date.now();
  worker.postMessage('stop');
  const all = await samples;
  await worker.terminate();
  return all.filter((sample) => sample.at + sample.ms >= startedAt && sample.at <= endedAt).map((sample) => sample.ms);
}

const config = benchAppConfig();
const database = await startBenchDatabase(config.database.poolSize);
const app = await buildApp({
  config,
  db: database.handle.db,
  oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
  logStream: { write: () => {} },
});
try {
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const body = '['.repeat(NESTING);
  const worst: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const statuses: number[] = [];
    const times = await healthDuring(url, () =>
      Promise.all(
        Array.from({ length: parallel }, () =>
          fetch(`${url}/api/tenants`, { method: 'POST', body, headers: { 'content-type': 'application/json' } }).then((response) => {
            statuses.push(response.status);
            return response.arrayBuffer();
          }),
        ),
      ),
    );
    const slowest = Math.max(...times);
    worst.push(slowest);
    console.log(
      `round ${round + 1}: ${parallel} x ${NESTING} nested [ answered ${[...new Set(statuses)].join(', ')}; /api/health slowest ${slowest.toFixed(1)} ms of ${times.length}`,
    );
  }
  const median = [...worst].sort((a, b) => a - b)[Math.floor(worst.length / 2)] ?? Number.NaN;
  console.log(
    `/api/health during the bursts: median of the slowest ${median.toFixed(1)} ms, worst ${Math.max(...worst).toFixed(1)} ms (target < ${TARGET_MS} ms)`,
  );
  process.exitCode = median < TARGET_MS ? 0 : 1;
} finally {
  await app.close();
  await database.stop();
}
