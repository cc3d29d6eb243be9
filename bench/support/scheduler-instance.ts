// One app instance's job runner in its own process, for bench/scheduler.ts: the same start-up as
// main.ts gives it (pg-boss on the instance's pool, the automation jobs with CHECK_CONCURRENCY,
// the drain loop), without the HTTP server. Settings come from the environment (loadConfig);
// DATABASE_URL is required. Prints `ready` once its workers run; SIGTERM stops it gracefully.
import Fastify from 'fastify';
import { registerAutomationJobs } from '../../src/server/automation/index.js';
import { loadConfig } from '../../src/server/config.js';
import { createSecretBox } from '../../src/server/crypto/secret-box.js';
import { loadSecretsKey } from '../../src/server/crypto/secrets-key.js';
import { connectDatabase } from '../../src/server/db/client.js';
import { TokenCache } from '../../src/server/integrations/graph/token-cache.js';
import { startJobs } from '../../src/server/jobs/job-runner.js';
import { createNotificationServices } from '../../src/server/notifications/index.js';

const config = loadConfig();
if (!config.database.url) throw new Error('DATABASE_URL is required');
const log = Fastify({ logger: { level: 'warn' } }).log;
const database = connectDatabase(config.database.url, config.database.poolSize);
const services = createNotificationServices({
  config,
  tenantGraph: {
    db: database.db,
    secretBox: createSecretBox(await loadSecretsKey(config)),
    graph: { ...config.graph, tokenCache: new TokenCache() },
    clock: () => new Date(),
  },
  log,
});
const jobs = await startJobs(database.pool, [(boss) => registerAutomationJobs(boss, services, { checkConcurrency: config.checkConcurrency })], {
  onError: (error) => log.error({ err: error }, 'job engine error'),
});
process.once('SIGTERM', () => {
  void (async () => {
    await jobs.stop(10_000);
    await services.drains.stop();
    await database.close();
    process.exit(0);
  })();
});
process.stdout.write(`ready ${config.checkConcurrency}\n`);
