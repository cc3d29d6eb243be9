import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../db/client.js';
import { GraphClient, type RetryPolicy, type TokenCache } from '../integrations/graph/index.js';
import { badRequest } from '../http/app-error.js';
import { findConfiguration, type ConfigurationRow } from './configuration-store.js';

/** Where and how the server reaches Entra and Graph (config.graph, plus test hooks). */
export interface GraphAccess {
  authorityUrl: string;
  apiUrl: string;
  requestTimeoutMs: number;
  maxAttempts: number;
  /** Tests: shorter backoff, a recording sleep. */
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  tokenCache?: TokenCache;
}

/** What every use case that talks to an organization's tenant needs. */
export interface TenantGraphDeps {
  db: Database;
  secretBox: SecretBox;
  graph: GraphAccess;
  clock: Clock;
}

export interface GraphConnection {
  configuration: ConfigurationRow;
  /** The decrypted client secret: hand it to a GraphClient, never to a log or a response. */
  clientSecret: string;
}

export const connectionMessages = {
  notConfigured: 'Save the tenant connection (Tenant ID, Azure Directory ID, Application ID and client secret) first.',
  noClientSecret: "No client secret is stored: paste the secret's Value into Client Secret and save.",
} as const;

/** The saved configuration with its decrypted secret, or 400 saying what to save first. */
export async function loadGraphConnection(deps: Pick<TenantGraphDeps, 'db' | 'secretBox'>, tenantId: string): Promise<GraphConnection> {
  const configuration = await findConfiguration(deps.db, tenantId);
  if (!configuration) throw badRequest(connectionMessages.notConfigured);
  if (configuration.clientSecretEncrypted === null) throw badRequest(connectionMessages.noClientSecret);
  return { configuration, clientSecret: deps.secretBox.open(configuration.clientSecretEncrypted) };
}

/** A Graph client for the organization's app registration. */
export function graphClientFor(deps: Pick<TenantGraphDeps, 'graph' | 'clock'>, connection: GraphConnection): GraphClient {
  const { graph } = deps;
  return new GraphClient({
    authorityUrl: graph.authorityUrl,
    graphUrl: graph.apiUrl,
    tenantId: connection.configuration.entraTenantId,
    clientId: connection.configuration.applicationId,
    clientSecret: connection.clientSecret,
    timeoutMs: graph.requestTimeoutMs,
    retry: { maxAttempts: graph.maxAttempts, ...graph.retry },
    clock: deps.clock,
    ...(graph.fetch ? { fetch: graph.fetch } : {}),
    ...(graph.tokenCache ? { tokenCache: graph.tokenCache } : {}),
  });
}
