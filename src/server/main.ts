import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { OidcProvider } from './auth/oidc-provider.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { startDatabase } from './database.js';
import { startDemoServices } from './demo/demo-services.js';
import { registerBillingJobs } from './billing/billing-jobs.js';
import { startJobs } from './jobs/job-runner.js';
import { registerPurgeJobs } from './jobs/purge-expired-records.js';
import { SessionStore } from './auth/session-store.js';
import { systemClock } from './clock.js';
import { registerAutomationJobs } from './automation/automation-jobs.js';

const webRoot = fileURLToPath(new URL('../web', import.meta.url));

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee .env.example for every setting.`);
      process.exit(1);
    }
    throw error;
  }
  const log = (message: string) => console.log(`[passwatch] ${message}`);

  const database = await startDatabase(config, log);
  const demo = config.demoMode ? await startDemoServices(config) : null;
  const oidcSettings = config.oidc ?? demo!.oidc;
  if (demo?.paypal) config = { ...config, paypal: { ...config.paypal, ...demo.paypal } };
  if (demo) config = { ...config, graph: { ...config.graph, ...demo.graph } };
  const app = await buildApp({
    config,
    db: database.db,
    oidc: new OidcProvider(oidcSettings, `${config.appUrl}/api/callback`),
    webRoot,
    simulatedMailboxUrl: demo?.mailboxUrl ?? null,
    demoGraphCredentials: demo?.graphCredentials ?? null,
  });
  // PayPal product and plans: created once if not configured; a failure is retried on first use.
  app.billing.catalog.ensure().catch((error: unknown) => app.log.error({ err: error }, 'PayPal catalog not ready'));
  const sessions = new SessionStore(database.db, { idleTimeoutMs: config.session.idleTimeoutMs, maxAgeMs: config.session.maxAgeMs }, systemClock);
  const jobs = await startJobs(
    database.pool,
    [
      (boss) => registerBillingJobs(boss, app.billing),
      (boss) => registerAutomationJobs(boss, app.notifications),
      (boss) => registerPurgeJobs(boss, { db: database.db, sessions, clock: systemClock, log: app.log }),
    ],
    {
      onError: (error) => app.log.error({ err: error }, 'job engine error'),
    },
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down...`);
    await jobs.stop();
    await app.close();
    await demo?.close();
    await database.close();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log(`Database: ${database.description}`);
  if (demo) {
    log('Demo mode: sign-in, the directory and payments are simulated.');
    for (const line of demo.descriptions) log(line);
  } else {
    log(`Sign-in: ${oidcSettings.issuerUrl}`);
  }
  log(`Passwatch is running at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error('[passwatch] failed to start:', error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});

