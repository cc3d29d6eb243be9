// The whole app over HTTP (app.inject) against a real database and the Graph simulator, for the
// configuration, directory and audit API tests.
import type { FastifyInstance } from 'fastify';
import { DEMO_GRAPH_CREDENTIALS, type TenantCredentials } from '../../simulators/graph/index.js';
import type { ConfigurationInput, ConnectionStatus } from '../../shared/api/configuration.js';
import { type AppDeps, buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { startGraphHarness, type GraphHarness } from '../directory/test-support/graph-simulator-harness.js';
import { TokenCache } from '../integrations/graph/index.js';
import { createOrganization, createUser, sessionCookieFor } from './factories.js';
import { testConfig } from './test-config.js';
import { createTestDatabase } from './test-database.js';

export interface ApiHarness {
  app: FastifyInstance;
  database: DatabaseHandle;
  graph: GraphHarness;
  /** Every log line the app wrote (LOG_LEVEL info). */
  logLines: string[];
  close(): Promise<void>;
}

/**
 * `environment`: settings on top of the test configuration (e.g. a higher rate limit);
 * `onRoute`: told of every route as it is registered.
 */
export async function startApiHarness(environment: Record<string, string> = {}, onRoute?: AppDeps['onRoute']): Promise<ApiHarness> {
  const database = await createTestDatabase();
  const graph = await startGraphHarness();
  const config = testConfig({ ...environment, ENTRA_AUTHORITY_URL: graph.baseUrl, GRAPH_API_URL: graph.baseUrl, LOG_LEVEL: 'info' });
  const logLines: string[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`),
    clock: graph.clock.now,
    // The simulator's clock moves on each retry wait: tests take no real time to back off.
    graph: { fetch: graph.fetch, retry: { sleep: graph.sleep, random: () => 0.5 }, tokenCache: new TokenCache() },
    logStream: { write: (line) => void logLines.push(line) },
    onRoute,
  });
  return {
    app,
    database,
    graph,
    logLines,
    close: async () => {
      await app.close();
      await graph.close();
      await database.close();
    },
  };
}

export interface Member {
  cookie: string;
  tenantId: string;
  /** Cookie and x-tenant-id: what the web app sends. */
  headers: Record<string, string>;
  userId: string;
}

/** A signed-in user who owns a new organization. */
export async function organizationOwner(harness: ApiHarness, name = { firstName: 'Ada', lastName: 'Lovelace' }): Promise<Member> {
  const user = await createUser(harness.database.db, name);
  const organization = await createOrganization(harness.database.db, user);
  const cookie = await sessionCookieFor(harness.database.db, user);
  return { cookie, tenantId: organization.id, userId: user.id, headers: { cookie, 'x-tenant-id': organization.id } };
}

export const REMINDER_TEMPLATE = '<p>Hello {{userName}}, your password expires in {{daysRemaining}} days ({{expirationDate}}).</p>';

/** A valid configuration for the simulated Contoso tenant with the given app registration. */
export function configurationFor(credentials: TenantCredentials = DEMO_GRAPH_CREDENTIALS, overrides: Partial<ConfigurationInput> = {}): ConfigurationInput {
  return {
    tenantId: credentials.directoryId,
    azureDirectoryId: credentials.directoryId,
    applicationId: credentials.applicationId,
    clientSecret: credentials.clientSecret,
    fromEmail: credentials.fromEmail,
    emailTemplate: REMINDER_TEMPLATE,
    checkTime: '08:00',
    timeZone: 'UTC-5',
    daysBeforeExpiration: 7,
    weekendProcessing: 'skip',
    automationEnabled: true,
    includeGroups: [],
    excludeGroups: [],
    passwordValidityDays: 365,
    ...overrides,
  };
}

export async function saveConfiguration(harness: ApiHarness, member: Member, body: ConfigurationInput) {
  const response = await harness.app.inject({ method: 'PUT', url: '/api/configuration', headers: member.headers, payload: body });
  if (response.statusCode !== 200) throw new Error(`saving the configuration failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** GET /api/connection-status, as the web app asks it for `member`'s organization. */
export async function connectionStatus(harness: ApiHarness, member: Member): Promise<ConnectionStatus> {
  const response = await harness.app.inject({ method: 'GET', url: '/api/connection-status', headers: member.headers });
  return response.json();
}
