import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { createSecretBox, type SecretBox } from '../crypto/secret-box.js';
import { loadSecretsKey } from '../crypto/secrets-key.js';
import type { Database } from '../db/client.js';
import { appCredential } from '../integrations/graph/index.js';
import type { GraphAccess, TenantGraphDeps } from './graph-connection.js';

export interface TenantGraphInput {
  config: AppConfig;
  db: Database;
  clock: Clock;
  /** Default: AES-256-GCM under loadSecretsKey(config). */
  secretBox?: SecretBox;
  /** Overrides of config.graph (tests: a recording sleep, a private token cache). */
  graph?: Partial<GraphAccess>;
}

/**
 * One secret box and one way to reach an organization's Graph tenant, shared by configuration,
 * directory and notifications.
 */
export async function createTenantGraphServices(input: TenantGraphInput): Promise<TenantGraphDeps> {
  return {
    db: input.db,
    secretBox: input.secretBox ?? createSecretBox(await loadSecretsKey(input.config)),
    graph: {
      authorityUrl: input.config.graph.authorityUrl,
      apiUrl: input.config.graph.apiUrl,
      requestTimeoutMs: input.config.graph.requestTimeoutMs,
      maxAttempts: input.config.graph.maxAttempts,
      passwatchApp: input.config.entraApp ? { clientId: input.config.entraApp.clientId, credential: appCredential(input.config.entraApp) } : null,
      ...input.graph,
    },
    clock: input.clock,
  };
}
