import type { FastifyInstance } from 'fastify';
import type { DemoGraphCredentials } from '../../shared/api/configuration.js';
import { registerAuditRoutes } from '../audit/routes.js';
import type { Guards } from '../auth/guards.js';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { createSecretBox, type SecretBox } from '../crypto/secret-box.js';
import { loadSecretsKey } from '../crypto/secrets-key.js';
import type { Database } from '../db/client.js';
import { registerDirectoryRoutes } from '../directory/routes.js';
import type { GraphAccess, TenantGraphDeps } from './graph-connection.js';
import { registerConfigurationRoutes } from './routes.js';

export interface DirectoryModulesDeps {
  config: AppConfig;
  db: Database;
  guards: Guards;
  clock: Clock;
  /** Default: AES-256-GCM under loadSecretsKey(config). */
  secretBox?: SecretBox;
  /** Overrides of config.graph (tests: a recording sleep, a private token cache). */
  graph?: Partial<GraphAccess>;
  demoGraphCredentials?: DemoGraphCredentials | null;
}

/**
 * Configuration, directory (security groups, preview) and audit routes, sharing one secret box
 * and one way to reach Graph. Returns the services so other modules (notifications) can use them.
 */
export async function registerDirectoryModules(app: FastifyInstance, deps: DirectoryModulesDeps): Promise<TenantGraphDeps> {
  const services: TenantGraphDeps = {
    db: deps.db,
    secretBox: deps.secretBox ?? createSecretBox(await loadSecretsKey(deps.config)),
    graph: {
      authorityUrl: deps.config.graph.authorityUrl,
      apiUrl: deps.config.graph.apiUrl,
      requestTimeoutMs: deps.config.graph.requestTimeoutMs,
      maxAttempts: deps.config.graph.maxAttempts,
      ...deps.graph,
    },
    clock: deps.clock,
  };
  registerConfigurationRoutes(app, { ...services, guards: deps.guards, demoGraphCredentials: deps.demoGraphCredentials ?? null });
  registerDirectoryRoutes(app, { ...services, guards: deps.guards });
  registerAuditRoutes(app, { db: deps.db, guards: deps.guards });
  return services;
}
