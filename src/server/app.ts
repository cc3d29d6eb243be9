import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './config.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Database } from './db/client.js';
import { TenantReadCache } from './db/tenant-read-cache.js';
import { registerForgetOnChange } from './http/forget-on-change.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerRequestDeadline } from './http/request-deadline.js';
import { registerHealthRoutes } from './http/health-routes.js';
import { loggerOptions, OneLinePerRequest } from './http/logging.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { type ConnectorLimits, type RateLimitCheck, registerRateLimits } from './http/rate-limits.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { registerHttpMetrics, registerMetricsRoute } from './metrics/metrics-routes.js';
import type { DemoGraphCredentials } from '../shared/api/configuration.js';
import { registerAccountRoutes } from './account/index.js';
import { type AccountMailServices, type AccountMailSettings, createAccountMailServices, registerAccountMailRoutes } from './account-mail/index.js';
import { createRequireAdmin, registerAdminRoutes } from './admin/index.js';
import { registerAuditRoutes } from './audit/index.js';
import {
  createGuards,
  type Guards,
  type OidcProvider,
  registerRouteAccess,
  registerSignOutRoutes,
  SESSION_COOKIE,
  SessionLookupCache,
  SessionStore,
} from './auth/index.js';
import { registerAutomationRoutes } from './automation/index.js';
import { type BillingServices, createBillingServices, registerBillingRoutes } from './billing/index.js';
import { createTenantGraphServices, registerConfigurationRoutes, type TenantGraphDeps, type TenantGraphInput } from './configuration/index.js';
import { registerDashboardRoutes } from './dashboard/index.js';
import { registerDataExportRoutes } from './data-export/index.js';
import { registerDirectoryRoutes } from './directory/index.js';
import { registerEntraConsentRoutes } from './entra-consent/index.js';
import { createNotificationServices, type NotificationServices, registerNotificationRoutes, type SendSettings } from './notifications/index.js';
import { registerReminderPolicyRoutes } from './reminder-policy/index.js';
import { registerReminderRecipientsRoutes } from './reminder-recipients/index.js';
import { registerOnPremisesRoutes } from './on-premises/index.js';
import { registerSignInRoutes } from './sign-in/index.js';
import { registerTeamRoutes } from './teams/index.js';
import { registerTemplateLanguageRoutes } from './template-languages/index.js';
import { registerTenantRoutes } from './tenants/index.js';
import { registerUserRoutes } from './users/index.js';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  oidc: OidcProvider;
  clock?: Clock;
  /** Built web app to serve (dist/web); omitted in API tests. */
  webRoot?: string;
  /** Demo mode: where the simulated mailbox can be read. */
  simulatedMailboxUrl?: string | null;
  /** Demo mode: the page of the SMTP sink account mail goes to. */
  accountMailSinkUrl?: string | null;
  /** Client-secret encryption; default from SECRETS_ENCRYPTION_KEY or the generated demo key. */
  secretBox?: TenantGraphInput['secretBox'];
  /** Overrides of config.graph (tests: retry timing, token cache). */
  graph?: TenantGraphInput['graph'];
  /** Demo mode: the simulated tenant's credentials for the Setup Guide. */
  demoGraphCredentials?: DemoGraphCredentials | null;
  /** Tests: where log lines go instead of stdout. */
  logStream?: { write(line: string): void };
  /** Tests: told of every route as it is registered (the fuzz test calls each one). */
  onRoute?: (route: RouteOptions) => void;
  /** Overrides of the mail sender's settings (tests: lease, backoff, limits). */
  send?: Partial<SendSettings>;
  /** Overrides of the account mail sender's settings (tests: a quick sweep, no backoff wait). */
  accountMail?: Partial<AccountMailSettings>;
}

/** What the modules' register functions take their dependencies from; each declares the part it uses. */
interface ModuleContext extends TenantGraphDeps {
  oidc: OidcProvider;
  sessions: SessionStore;
  guards: Guards;
  billing: BillingServices;
  notifications: NotificationServices;
  accountMail: AccountMailServices;
  paypal: BillingServices['paypal'];
  log: FastifyBaseLogger;
  admins: AppConfig;
  appUrl: string;
  cookieSecure: boolean;
  sessionMaxAgeMs: number;
  signInLimit: RateLimitCheck;
  connectorLimits: ConnectorLimits;
  demoMode: boolean;
  supportEmail: string;
  simulatedMailboxUrl: string | null;
  accountMailSinkUrl: string | null;
  demoGraphCredentials: DemoGraphCredentials | null;
  reads: TenantReadCache;
}

/** Every feature module, registered in this order; each takes what it needs from the context. */
const MODULES: readonly ((app: FastifyInstance, context: ModuleContext) => void | Promise<void>)[] = [
  registerSignInRoutes,
  registerSignOutRoutes,
  registerUserRoutes,
  registerTenantRoutes,
  registerTeamRoutes,
  registerConfigurationRoutes,
  registerEntraConsentRoutes,
  registerDirectoryRoutes,
  registerAuditRoutes,
  registerBillingRoutes,
  registerAccountRoutes,
  registerAccountMailRoutes,
  registerAdminRoutes,
  registerNotificationRoutes,
  registerAutomationRoutes,
  registerDashboardRoutes,
  registerReminderPolicyRoutes,
  registerReminderRecipientsRoutes,
  registerDataExportRoutes,
  registerOnPremisesRoutes,
  registerTemplateLanguageRoutes,
];

const IDLE_CONNECTION_TIMEOUT_MS = 5 * 60_000;

/** The HTTP application: every route, guard and error mapping. Tests build it directly. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: typeof logger === 'object' && deps.logStream ? { ...logger, stream: deps.logStream } : logger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // A client that trickles its request (one byte every few seconds) must not hold a connection for
    // ever: its headers within requestTimeoutMs (Node), its body too (registerRequestDeadline), and no
    // connection idle for 5 minutes.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    logController: new OneLinePerRequest(),
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantAccess', null);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { appUrl: config.appUrl });
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerRequestDeadline(app, config.requestTimeoutMs);
  registerSameOriginCheck(app, { allowedOrigins: [config.appUrl], exempt: ['/api/paypal/webhook'] });
  const rateLimits = await registerRateLimits(app, { db, clock, settings: config.rateLimits });

  const sessionCache = new SessionLookupCache(db.$client, (error) =>
    app.log.warn({ err: error }, 'not listening for ended sessions: every session lookup reads the database until it listens again'),
  );
  await sessionCache.start();
  app.addHook('onClose', () => sessionCache.close());
  const reads = new TenantReadCache(db.$client, {
    enabled: config.tenantReadCache,
    onListenError: (error) =>
      app.log.warn({ err: error }, 'not listening for changed organizations: the dashboard reads the database at every request until it listens again'),
  });
  await reads.start();
  app.addHook('onClose', () => reads.close());
  // A member's organization, or a connector key's.
  registerForgetOnChange(app, reads, (request) => request.tenantAccess?.tenantId ?? request.connector?.tenantId ?? null);
  const sessions = new SessionStore(db, { idleTimeoutMs: config.session.idleTimeoutMs, maxAgeMs: config.session.maxAgeMs }, clock, sessionCache);
  const guards = createGuards(sessions);
  // Before any route: each declares who may call it, and one hook enforces it (docs/architecture.md §Roles per route).
  registerRouteAccess(app, { ...guards, requireOperator: createRequireAdmin(db, guards, config) });

  registerHealthRoutes(app, { pool: db.$client });
  registerHttpMetrics(app);
  // On the app's own port only behind a token; METRICS_PORT serves it apart (main.ts).
  if (config.metrics.token !== undefined) registerMetricsRoute(app, { pool: db.$client, token: config.metrics.token });

  const tenantGraph = await createTenantGraphServices({ config, db, clock, secretBox: deps.secretBox, graph: deps.graph });
  const billing = createBillingServices({ config, db, clock, log: app.log });
  app.decorate('billing', billing);
  const notifications = createNotificationServices({ config, tenantGraph, log: app.log, send: deps.send });
  app.decorate('notifications', notifications);
  const accountMail = createAccountMailServices({ config, db, clock, log: app.log, settings: deps.accountMail });
  app.decorate('accountMail', accountMail);

  const context: ModuleContext = {
    ...tenantGraph,
    oidc: deps.oidc,
    sessions,
    guards,
    billing,
    notifications,
    accountMail,
    paypal: billing.paypal,
    log: app.log,
    admins: config,
    appUrl: config.appUrl,
    cookieSecure: config.session.cookieSecure,
    sessionMaxAgeMs: config.session.maxAgeMs,
    signInLimit: rateLimits.signIn,
    connectorLimits: rateLimits.connector,
    demoMode: config.demoMode,
    supportEmail: config.supportEmail,
    simulatedMailboxUrl: deps.simulatedMailboxUrl ?? null,
    accountMailSinkUrl: deps.accountMailSinkUrl ?? null,
    demoGraphCredentials: deps.demoGraphCredentials ?? null,
    reads,
  };
  for (const register of MODULES) await register(app, context);

  if (deps.webRoot) await registerWebApp(app, deps.webRoot, { isSignedIn: (request) => Boolean(request.cookies[SESSION_COOKIE]) });
  return app;
}
