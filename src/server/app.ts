import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './config.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Database } from './db/client.js';
import { createGuards } from './auth/guards.js';
import type { OidcProvider } from './auth/oidc-provider.js';
import { SessionStore } from './auth/session-store.js';
import { registerSignInRoutes } from './auth/sign-in-routes.js';
import { registerSignOutRoutes } from './auth/sign-out-routes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoutes } from './http/health-routes.js';
import { loggerOptions } from './http/logging.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { registerRateLimits } from './http/rate-limits.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { registerTenantRoutes } from './tenants/routes.js';
import { registerUserRoutes } from './users/routes.js';
import { registerDirectoryModules, type DirectoryModulesDeps } from './configuration/register-directory-modules.js';
import { registerAccountRoutes } from './account/routes.js';
import { registerAdminRoutes } from './admin/routes.js';
import { createBillingServices } from './billing/billing-services.js';
import { registerBillingRoutes } from './billing/routes.js';
import { createNotificationServices } from './notifications/notification-services.js';
import { registerNotificationModules } from './notifications/register-notification-modules.js';
import type { SendSettings } from './notifications/deliver-email.js';
import { registerReminderPolicyRoutes } from './reminder-policy/index.js';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  oidc: OidcProvider;
  clock?: Clock;
  /** Built web app to serve (dist/web); omitted in API tests. */
  webRoot?: string;
  /** Demo mode: where the simulated mailbox can be read. */
  simulatedMailboxUrl?: string | null;
  /** Client-secret encryption; default from SECRETS_ENCRYPTION_KEY or the generated demo key. */
  secretBox?: DirectoryModulesDeps['secretBox'];
  /** Overrides of config.graph (tests: retry timing, token cache). */
  graph?: DirectoryModulesDeps['graph'];
  /** Demo mode: the simulated tenant's credentials for the Setup Guide. */
  demoGraphCredentials?: DirectoryModulesDeps['demoGraphCredentials'];
  /** Tests: where log lines go instead of stdout. */
  logStream?: { write(line: string): void };
  /** Tests: told of every route as it is registered (the fuzz test calls each one). */
  onRoute?: (route: RouteOptions) => void;
  /** Overrides of the mail sender's settings (tests: lease, backoff, limits). */
  send?: Partial<SendSettings>;
}

/** The HTTP application: every route, guard and error mapping. Tests build it directly. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: typeof logger === 'object' && deps.logStream ? { ...logger, stream: deps.logStream } : logger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantAccess', null);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, { appUrl: config.appUrl });
  registerErrorHandler(app);
  registerSameOriginCheck(app, { allowedOrigins: [config.appUrl], exempt: ['/api/paypal/webhook'] });
  const rateLimits = await registerRateLimits(app, { db, clock, settings: config.rateLimits });

  const sessions = new SessionStore(db, { idleTimeoutMs: config.session.idleTimeoutMs, maxAgeMs: config.session.maxAgeMs }, clock);
  const guards = createGuards(sessions);

  registerHealthRoutes(app, { pool: db.$client });
  registerSignInRoutes(app, {
    db,
    oidc: deps.oidc,
    sessions,
    appUrl: config.appUrl,
    cookieSecure: config.session.cookieSecure,
    sessionMaxAgeMs: config.session.maxAgeMs,
    admins: config,
    signInLimit: rateLimits.signIn,
  });
  registerSignOutRoutes(app, { oidc: deps.oidc, sessions, guards, appUrl: config.appUrl, cookieSecure: config.session.cookieSecure });
  registerUserRoutes(app, {
    db,
    guards,
    sessions,
    admins: config,
    demoMode: config.demoMode,
    simulatedMailboxUrl: deps.simulatedMailboxUrl ?? null,
    supportEmail: config.supportEmail,
  });
  registerTenantRoutes(app, { db, guards });
  const tenantGraph = await registerDirectoryModules(app, { config, db, guards, clock, secretBox: deps.secretBox, graph: deps.graph, demoGraphCredentials: deps.demoGraphCredentials });
  const billing = createBillingServices({ config, db, clock, log: app.log });
  app.decorate('billing', billing);
  await registerBillingRoutes(app, { billing, guards, supportEmail: config.supportEmail });
  registerAccountRoutes(app, { db, paypal: billing.paypal, log: app.log, guards, cookieSecure: config.session.cookieSecure });
  registerAdminRoutes(app, { db, guards, admins: config, clock });
  const notifications = createNotificationServices({ config, tenantGraph, log: app.log, send: deps.send });
  app.decorate('notifications', notifications);
  registerNotificationModules(app, { services: notifications, guards });
  registerReminderPolicyRoutes(app, { db, clock, guards });

  if (deps.webRoot) await registerWebApp(app, deps.webRoot);
  return app;
}
