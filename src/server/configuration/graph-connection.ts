import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../db/client.js';
import { clientSecretCredential, type ClientCredential, GraphClient, type RetryPolicy, type TokenCache } from '../integrations/graph/index.js';
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
  /** The operator's multi-tenant Passwatch app (ENTRA_APP_*), for organizations connected with Microsoft; null when not configured. */
  passwatchApp?: AppIdentity | null;
}

/** An app as it signs in at the token endpoint. */
export interface AppIdentity {
  clientId: string;
  credential: ClientCredential;
}

/** What every use case that talks to an organization's tenant needs. */
export interface TenantGraphDeps {
  db: Database;
  secretBox: SecretBox;
  graph: GraphAccess;
  clock: Clock;
}

export interface GraphConnection extends AppIdentity {
  configuration: ConfigurationRow;
  /** What to do when the app has no service principal in the tenant, when not the default advice. */
  consentRemedy?: string;
}

export const connectionMessages = {
  notConfigured: 'Save the tenant connection (Tenant ID, Azure Directory ID, Application ID and client secret) first.',
  noClientSecret: "No client secret is stored: paste the secret's Value into Client Secret and save.",
  passwatchAppUnavailable:
    'This organization is connected with Microsoft through the Passwatch app, which this installation no longer has ' +
    'configured. Ask the operator, or connect with your own app registration.',
} as const;

/** For an organization connected with Microsoft: AADSTS7000229 means its administrator removed the app. */
const reconnectRemedy = (tenantId: string) =>
  `The Passwatch app has no access to tenant ${tenantId} any more: an administrator removed the app, or its ` +
  `consent, in Entra ID. Choose Reconnect on the Configuration tab and Accept on the Microsoft page as a Global Administrator.`;

/**
 * How the server signs in to the organization's tenant: the operator's Passwatch app after Connect
 * with Microsoft, else the organization's app registration with its decrypted secret (hand it to a
 * GraphClient, never to a log or a response). A problem says what is missing.
 */
export function graphConnectionOf(deps: Pick<TenantGraphDeps, 'secretBox' | 'graph'>, configuration: ConfigurationRow): GraphConnection | { problem: string } {
  if (configuration.connectionMethod === 'passwatch_app') {
    const app = deps.graph.passwatchApp;
    if (!app) return { problem: connectionMessages.passwatchAppUnavailable };
    return { configuration, ...app, consentRemedy: reconnectRemedy(configuration.entraTenantId) };
  }
  if (configuration.clientSecretEncrypted === null) return { problem: connectionMessages.noClientSecret };
  return { configuration, clientId: configuration.applicationId, credential: clientSecretCredential(deps.secretBox.open(configuration.clientSecretEncrypted)) };
}

/** The saved configuration and how to sign in to its tenant, or 400 saying what to save first. */
export async function loadGraphConnection(deps: Pick<TenantGraphDeps, 'db' | 'secretBox' | 'graph'>, tenantId: string): Promise<GraphConnection> {
  const configuration = await findConfiguration(deps.db, tenantId);
  if (!configuration) throw badRequest(connectionMessages.notConfigured);
  const connection = graphConnectionOf(deps, configuration);
  if ('problem' in connection) throw badRequest(connection.problem);
  return connection;
}

/** A Graph client for the organization's connection. */
export function graphClientFor(deps: Pick<TenantGraphDeps, 'graph' | 'clock'>, connection: GraphConnection): GraphClient {
  return graphClientForTenant(deps, connection.configuration.entraTenantId, connection);
}

/** A Graph client signing in to Entra tenant `entraTenantId` as `app` (before any configuration names the tenant: Connect with Microsoft). */
export function graphClientForTenant(
  deps: Pick<TenantGraphDeps, 'graph' | 'clock'>,
  entraTenantId: string,
  app: AppIdentity & { consentRemedy?: string | undefined },
): GraphClient {
  const { graph } = deps;
  return new GraphClient({
    authorityUrl: graph.authorityUrl,
    graphUrl: graph.apiUrl,
    entraTenantId,
    clientId: app.clientId,
    credential: app.credential,
    ...(app.consentRemedy ? { consentRemedy: app.consentRemedy } : {}),
    timeoutMs: graph.requestTimeoutMs,
    retry: { maxAttempts: graph.maxAttempts, ...graph.retry },
    clock: deps.clock,
    ...(graph.fetch ? { fetch: graph.fetch } : {}),
    ...(graph.tokenCache ? { tokenCache: graph.tokenCache } : {}),
  });
}
