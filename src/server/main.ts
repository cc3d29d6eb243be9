import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { OidcProvider, SessionStore } from './auth/index.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { startDatabase } from './database.js';
import { startDemoServices, startSimulatedConnector } from './demo/index.js';
import { registerBillingJobs } from './billing/index.js';
import { startJobs } from './jobs/job-runner.js';
import { registerPurgeJobs } from './jobs/purge-expired-records.js';
import { registerRetentionJobs } from './jobs/retention.js';
import { systemClock } from './clock.js';
import { markInterruptedRuns, registerAutomationJobs } from './automation/index.js';
import { registerAccountMailJobs } from './account-mail/index.js';
import { runShutdown, type ShutdownStep, StartAborted, WORK_GRACE_MS } from './lifecycle/graceful-shutdown.js';
import { startMetricsServer } from './metrics/metrics-routes.js';

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
  // What this process has started, stopped in reverse on shutdown or when the start fails.
  const started: ShutdownStep[] = [];
  const work: ShutdownStep[] = [];
  let stopping = false;
  // The start in progress: a signal during it lets it reach its next step and stop there (proceed()),
  // so nothing is closed under its feet and everything that started is stopped once.
  let starting: Promise<void> = Promise.resolve();
  const proceed = () => {
    if (stopping) throw new StartAborted();
  };
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const at = Date.now();
    log(`${signal} received, shutting down...`);
    await starting.catch(() => undefined);
    const clean = await runShutdown({ work, services: [...started].reverse() }, log);
    log(`stopped (${Date.now() - at} ms${clean ? '' : ', not everything stopped in time'})`);
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const start = async () => {
    const database = await startDatabase(config, log);
    started.push({ name: 'the database', stop: () => database.close() });
    proceed();
    const demo = config.demoMode ? await startDemoServices(config) : null;
    if (demo) started.push({ name: 'the demo simulators', stop: () => demo.close() });
    proceed();
    const oidcSettings = config.oidc ?? demo!.oidc;
    if (demo?.paypal) config = { ...config, paypal: { ...config.paypal, ...demo.paypal } };
    // The simulated Entra knows only the demo's own Passwatch app, whatever ENTRA_APP_* says.
    if (demo) config = { ...config, graph: { ...config.graph, ...demo.graph }, entraApp: demo.entraApp };
    if (demo?.accountMail) config = { ...config, accountMail: { ...config.accountMail, smtpUrl: demo.accountMail.smtpUrl } };
    const app = await buildApp({
      config,
      db: database.db,
      oidc: new OidcProvider(oidcSettings, `${config.appUrl}/api/callback`),
      webRoot,
      simulatedMailboxUrl: demo?.mailboxUrl ?? null,
      accountMailSinkUrl: demo?.accountMail?.pageUrl ?? null,
      demoGraphCredentials: demo?.graphCredentials ?? null,
    });
    // Fastify's close stops accepting connections and waits for the requests in flight.
    work.push({ name: 'the HTTP server', stop: () => app.close() });
    proceed();

    // Jobs start only once the port is ours: a second start on a busy port must not run any.
    await listenOn(app, config);
    proceed();
    if (config.metrics.port !== undefined) {
      const metrics = await startMetricsServer({ pool: database.pool, token: config.metrics.token, port: config.metrics.port, host: config.metrics.host });
      started.push({ name: 'the metrics server', stop: () => metrics.close() });
      log(`Metrics: ${metrics.url}`);
      proceed();
    }
    const interrupted = await markInterruptedRuns(database.db, systemClock());
    proceed();
    if (interrupted > 0) log(`${interrupted} password check(s) left running by a stopped process marked interrupted`);
    // PayPal product and plans: created once if not configured; a failure is retried on first use.
    app.billing.catalog.ensure().catch((error: unknown) => app.log.error({ err: error }, 'PayPal catalog not ready'));
    const sessions = new SessionStore(database.db, { idleTimeoutMs: config.session.idleTimeoutMs, maxAgeMs: config.session.maxAgeMs }, systemClock);
    const jobs = await startJobs(
      database.pool,
      [
        (boss) => registerBillingJobs(boss, app.billing),
        (boss) => registerAutomationJobs(boss, app.notifications, { checkConcurrency: config.checkConcurrency }),
        (boss) => registerAccountMailJobs(boss, app.accountMail),
        (boss) => registerPurgeJobs(boss, { db: database.db, sessions, clock: systemClock, log: app.log }),
        (boss) => registerRetentionJobs(boss, { db: database.db, clock: systemClock, retention: config.retention, log: app.log }),
      ],
      {
        onError: (error) => app.log.error({ err: error }, 'job engine error'),
      },
    );
    // Running jobs get the grace period; pg-boss then marks the unfinished ones failed, to be retried.
    work.push({ name: 'the background jobs', stop: () => jobs.stop(WORK_GRACE_MS) });
    // Sending stops claiming mail, lets the sends in flight record Graph's answer, and gives its
    // leases back (so another instance takes over at once) with time left to write that down.
    work.push({ name: 'sending', stop: () => app.notifications.drains.stop(WORK_GRACE_MS - 2_000) });
    proceed();

    log(`Database: ${database.description}`);
    if (demo) {
      // Contoso's synced users come from a simulated CORP domain; its connector posts to this server.
      const { port } = app.server.address() as { port: number };
      const connector = startSimulatedConnector({
        db: database.db,
        appOrigin: `http://127.0.0.1:${port}`,
        snapshotUrl: `${demo.graph.apiUrl}/_control/tenants/${demo.graphCredentials.entraTenantId}/on-premises`,
        entraTenantId: demo.graphCredentials.entraTenantId,
        log,
      });
      work.push({ name: 'the demo connector', stop: async () => connector.stop() });
      log('Demo mode: sign-in, the directory and payments are simulated.');
      for (const line of demo.descriptions) log(line);
    } else {
      log(`Sign-in: ${oidcSettings.issuerUrl}`);
    }
    log(`Passwatch is running at ${config.appUrl}`);
  };

  starting = start();
  try {
    await starting;
  } catch (error) {
    // A signal came during the start: its shutdown stops what started and exits.
    if (stopping) return;
    // Whatever did start (the embedded database above all) is stopped, so the next start finds
    // neither a running server nor a held port.
    stopping = true;
    await runShutdown({ work, services: [...started].reverse() }, log);
    throw error;
  }
}

/** Binds the HTTP port; a port already taken fails with what to do about it. */
async function listenOn(app: Awaited<ReturnType<typeof buildApp>>, config: AppConfig): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `port ${config.port} on ${config.host} is already in use (EADDRINUSE): is Passwatch already running? Stop it or set PORT to a free port.`,
      );
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  // A rejection without a value once printed "failed to start: undefined": always say something.
  const cause = error instanceof Error ? error.message : error === undefined ? 'an unknown error (no details were given)' : String(error);
  console.error(`[passwatch] failed to start: ${cause}`);
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug') console.error(error.stack);
  process.exit(1);
});
