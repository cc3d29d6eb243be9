import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Database } from './db/client.js';
import { createGuards } from './auth/guards.js';
import type { OidcProvider } from './auth/oidc-provider.js';
import { SessionStore } from './auth/session-store.js';
import { registerSignInRoutes } from './auth/sign-in-routes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { registerWebApp } from './http/web-app.js';
import { registerTenantRoutes } from './tenants/routes.js';
import { registerUserRoutes } from './users/routes.js';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  oidc: OidcProvider;
  clock?: Clock;
  /** Built web app to serve (dist/web); omitted in API tests. */
  webRoot?: string;
  /** Demo mode: where the simulated mailbox can be read. */
  simulatedMailboxUrl?: string | null;
}

/** The HTTP application: every route, guard and error mapping. Tests build it directly. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantAccess', null);
  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerSameOriginCheck(app, { allowedOrigins: [config.appUrl], exempt: ['/api/paypal/webhook'] });

  const sessions = new SessionStore(db, { idleTimeoutMs: config.session.idleTimeoutMs, maxAgeMs: config.session.maxAgeMs }, clock);
  const guards = createGuards(db, sessions);

  app.get('/api/health', async () => ({ status: 'ok' }));
  registerSignInRoutes(app, {
    db,
    oidc: deps.oidc,
    sessions,
    appUrl: config.appUrl,
    cookieSecure: config.session.cookieSecure,
    sessionMaxAgeMs: config.session.maxAgeMs,
  });
  registerUserRoutes(app, {
    db,
    guards,
    sessions,
    adminEmails: config.adminEmails,
    demoMode: config.demoMode,
    simulatedMailboxUrl: deps.simulatedMailboxUrl ?? null,
  });
  registerTenantRoutes(app, { db, guards });

  if (deps.webRoot) await registerWebApp(app, deps.webRoot);
  return app;
}
