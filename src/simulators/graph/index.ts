// Microsoft Graph + Entra token endpoint simulator: one HTTP server that behaves like
// login.microsoftonline.com (client credentials) and graph.microsoft.com/v1.0 for the calls
// Passwatch makes, with seeded demo tenants, a tenant generator, faults and a control API.
// See README.md in this folder.
import type { FastifyInstance } from 'fastify';
import { createStateFileWriter } from '../shared/state-file-writer.js';
import { buildSimulatorApp } from './app.js';
import { restoreConsents, serializeConsents } from './consent-file.js';
import { resetSimulatorState } from './reset.js';
import { createEmptyState, type GraphSimulatorState } from './state.js';

export interface GraphSimulatorOptions {
  /** Time source for tokens, throttling, seeding and mail; default the real clock. */
  clock?: () => Date;
  /** Seed Contoso and Fabrikam (default true). */
  seedDemo?: boolean;
  /** Fastify request logging (default false). */
  logger?: boolean;
  /** Demo mode: a JSON file keeping the consents given to hosted apps across restarts (consent-file.ts). */
  consentFile?: string;
  /** How long consent changes are collected before the file is rewritten (default 200 ms). */
  consentSaveDelayMs?: number;
}

export interface GraphSimulator {
  app: FastifyInstance;
  state: GraphSimulatorState;
  /** Starts listening (default port 0 = random, host 127.0.0.1); resolves to the base URL, e.g. http://127.0.0.1:4010. */
  listen(port?: number, host?: string): Promise<string>;
  /** Back to the seeded state (what POST /_control/reset does). */
  reset(): void;
  close(): Promise<void>;
}

export function createGraphSimulator(options: GraphSimulatorOptions = {}): GraphSimulator {
  const state = createEmptyState(options.clock ?? (() => new Date()), options.seedDemo ?? true);
  resetSimulatorState(state);
  const app = buildSimulatorApp(state, { logger: options.logger ?? false });
  const warn = (message: string) => console.warn(message);
  const consentFile = options.consentFile;
  if (consentFile) restoreConsents(state, consentFile, warn);
  const consentWriter = consentFile
    ? createStateFileWriter({
        file: consentFile,
        serialize: () => serializeConsents(state),
        delayMs: options.consentSaveDelayMs ?? 200,
        warn,
        label: 'Graph simulator',
      })
    : undefined;
  if (consentWriter) app.addHook('onResponse', async () => consentWriter.scheduleSave());
  return {
    app,
    state,
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      return `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${boundPort}`;
    },
    reset: () => resetSimulatorState(state),
    close: async () => {
      await app.close();
      await consentWriter?.close();
    },
  };
}

/** URLs the production Graph client is configured with, for a simulator listening at `baseUrl`. */
export function graphSimulatorEndpoints(baseUrl: string) {
  return {
    /** Replaces https://login.microsoftonline.com: token endpoint is `${authorityBaseUrl}/{tenantId}/oauth2/v2.0/token`. */
    authorityBaseUrl: baseUrl,
    /** Replaces https://graph.microsoft.com/v1.0. */
    graphBaseUrl: `${baseUrl}/v1.0`,
    /** The simulated mailbox page the demo banner links to. */
    mailboxUrl: `${baseUrl}/mailbox`,
    controlBaseUrl: `${baseUrl}/_control`,
  };
}

export {
  CONTOSO_TENANT_ID,
  DEMO_APP_WITH_EXPIRED_SECRET,
  DEMO_APP_WITHOUT_CONSENT,
  DEMO_APP_WITHOUT_GROUP_MEMBER_READ,
  DEMO_APP_WITHOUT_MAIL_SEND,
  DEMO_GRAPH_CREDENTIALS,
  FABRIKAM_TENANT_ID,
} from './demo-credentials.js';
export { generateTenant, type GeneratedTenant } from './generator.js';
export {
  generateAppCertificate,
  registerCertificateApp,
  type AppCertificatePair,
} from './certificate-app.js';
export { appCertificate } from './client-assertion.js';
export { issueIdToken } from './id-tokens.js';
export { DIRECTORY_ROLES, type SignInAccount, signInAccountsOf } from './sign-in-accounts.js';
export {
  addTenant,
  type GraphFaults,
  type SentMessage,
  type SimulatorSettings,
  type TenantCredentials,
} from './state.js';
