/**
 * The PayPal REST simulator: a stand-alone Fastify server that speaks PayPal's wire format and
 * state rules (OAuth, catalog products, billing plans, subscriptions, transactions, the buyer's
 * approval page, signed webhooks), plus a `/_control` API to move time and money along.
 * The production PayPal client talks to it exactly as to https://api-m.sandbox.paypal.com; only
 * the base URL and credentials differ. See README.md in this folder.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { registerApprovalRoutes } from './approval-routes.js';
import { registerAutopayPage } from './autopay-page.js';
import { registerCatalogRoutes } from './catalog-routes.js';
import { registerControlRoutes } from './control-routes.js';
import { applyPayPalHttpConventions } from './http-conventions.js';
import { applyIdempotencyKeys } from './idempotency.js';
import { registerNotificationRoutes } from './notification-routes.js';
import { registerOAuthTokenRoute, requireBearerTokens } from './oauth-routes.js';
import { createSimulatorClock, type SimulatorClock } from './simulator-clock.js';
import type { SimulatorContext } from './simulator-context.js';
import { createSimulatorState, type SimulatorState } from './simulator-state.js';
import { createStateFileWriter } from '../shared/state-file-writer.js';
import { loadStateFile } from './state-file.js';
import { snapshotState } from './state-snapshot.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
import { certificateUrl, generateWebhookSigningIdentity, type WebhookSigningIdentity } from './webhook-signing-identity.js';

/** Fixed credentials for demo mode and tests; the app is configured with the same values. */
export const DEMO_PAYPAL_CREDENTIALS = {
  clientId: 'AVpasswatchDemoClientId0000000000000000000000000000000000000000000000000000000',
  clientSecret: 'EPpasswatchDemoClientSecret000000000000000000000000000000000000000000000000000',
  webhookId: '5GP028458E2496506',
} as const;

export interface PayPalSimulatorOptions {
  clientId?: string;
  clientSecret?: string;
  /** Where webhooks are POSTed; without it events are only recorded. */
  webhookUrl?: string;
  /** The id PayPal gave the merchant's webhook; it is part of every signature. */
  webhookId?: string;
  /** The wall clock the simulated clock is offset from (default: the real one). */
  clock?: () => Date;
  logger?: boolean;
  /** The URL to put in links when clients reach the simulator by another name (proxy, container). */
  publicUrl?: string;
  /** Pauses before automatic webhook retries; its length is the retry count. Default 1 s, 5 s, 15 s. */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * A JSON file that keeps the state across restarts: loaded at start if it exists, rewritten
   * shortly after every change and on close. An unreadable file is moved aside and the simulator
   * starts empty. The webhook signing key is new at every start (and so the certificate URL).
   */
  stateFile?: string;
  /** How long changes are collected before the state file is rewritten. Default 200 ms. */
  stateSaveDelayMs?: number;
}

export interface PayPalSimulator {
  app: FastifyInstance;
  /** Products, plans, subscriptions, transactions, approvals, events (for assertions). */
  state: SimulatorState;
  /** The simulated business clock (control API: POST /_control/clock/advance). */
  clock: SimulatorClock;
  webhooks: WebhookDispatcher;
  /** Starts listening (port 0 = random) and resolves to the base URL, without trailing slash. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /** Resolves once every queued webhook delivery and retry has finished. */
  settleWebhooks(): Promise<void>;
  /** The base URL; known once listening (or when publicUrl was given). */
  readonly baseUrl: string;
  /** The certificate that verifies webhook signatures (PEM); available once ready. */
  readonly certificatePem: string;
  /**
   * The simulator's own CA that issued that certificate (PEM); available once ready. The app trusts
   * it only by configuration (`paypal.trustedCaPems`, or PAYPAL_CERT_CA_FILE).
   */
  readonly caCertificatePem: string;
  /** Where that certificate is served (the PAYPAL-CERT-URL of every webhook). */
  readonly certificateUrl: string;
}

export function createPayPalSimulator(options: PayPalSimulatorOptions = {}): PayPalSimulator {
  const warn = (message: string) => console.warn(message);
  const restored = options.stateFile ? loadStateFile(options.stateFile, warn) : undefined;
  const clock = createSimulatorClock(options.clock ?? (() => new Date()), restored?.clockOffsetMs);
  const state = restored?.state ?? createSimulatorState();
  // Deliveries the previous run did not finish; they resume once the simulator listens.
  const interruptedDeliveries = [...state.events.values()].filter((record) => record.status === 'pending').map((record) => record.event.id);
  const stateFile = options.stateFile
    ? createStateFileWriter({
        file: options.stateFile,
        serialize: () => JSON.stringify(snapshotState(state, clock.offsetMs())),
        delayMs: options.stateSaveDelayMs ?? 200,
        warn,
        label: 'PayPal simulator',
      })
    : undefined;
  let baseUrl = options.publicUrl?.replace(/\/+$/, '');
  let signingIdentity: WebhookSigningIdentity | undefined;

  const currentBaseUrl = () => {
    if (!baseUrl) throw new Error('The PayPal simulator is not listening yet, so its base URL is unknown.');
    return baseUrl;
  };
  const currentSigningIdentity = () => {
    if (!signingIdentity) throw new Error('The PayPal simulator has no signing key before it is ready.');
    return signingIdentity;
  };
  const webhookId = options.webhookId ?? DEMO_PAYPAL_CREDENTIALS.webhookId;
  const webhooks = createWebhookDispatcher({
    state,
    clock,
    webhookId,
    ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
    baseUrl: currentBaseUrl,
    signingIdentity: currentSigningIdentity,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 5_000, 15_000],
    onDeliverySettled: () => stateFile?.scheduleSave(),
  });
  const ctx: SimulatorContext = {
    state,
    clock,
    clientId: options.clientId ?? DEMO_PAYPAL_CREDENTIALS.clientId,
    clientSecret: options.clientSecret ?? DEMO_PAYPAL_CREDENTIALS.clientSecret,
    webhookId,
    baseUrl: currentBaseUrl,
    signingIdentity: currentSigningIdentity,
    webhooks,
  };

  const app = Fastify({ logger: options.logger ?? false });
  // RSA key generation is async; onReady runs before the first request, whether by listen or inject.
  app.addHook('onReady', async () => {
    signingIdentity = await generateWebhookSigningIdentity();
  });
  // Any request may have changed the state; the writer skips the file when nothing did.
  if (stateFile) app.addHook('onResponse', async () => stateFile.scheduleSave());
  app.addHook('onClose', async () => {
    webhooks.close();
    // Aborted deliveries settle at once; the last save should see how they ended.
    await webhooks.settle();
    await stateFile?.close();
  });
  applyPayPalHttpConventions(app);
  requireBearerTokens(app, ctx);
  applyIdempotencyKeys(app, ctx);
  registerOAuthTokenRoute(app, ctx);
  registerCatalogRoutes(app, ctx);
  registerSubscriptionRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerApprovalRoutes(app, ctx);
  registerAutopayPage(app, ctx);
  registerControlRoutes(app, ctx);

  return {
    app,
    state,
    clock,
    webhooks,
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      baseUrl ??= urlForAddress(app.server.address() as AddressInfo);
      // Deliveries need the base URL (certificate URL, links), known only now; splice: resume once.
      webhooks.resume(interruptedDeliveries.splice(0));
      return baseUrl;
    },
    close: () => app.close(),
    setWebhookUrl(url) {
      webhooks.webhookUrl = url;
    },
    settleWebhooks: () => webhooks.settle(),
    get baseUrl() {
      return currentBaseUrl();
    },
    get certificatePem() {
      return currentSigningIdentity().certificatePem;
    },
    get caCertificatePem() {
      return currentSigningIdentity().caCertificatePem;
    },
    get certificateUrl() {
      return certificateUrl(currentBaseUrl(), currentSigningIdentity());
    },
  };
}

function urlForAddress({ address, port }: AddressInfo): string {
  // A wildcard bind is reachable on loopback; IPv6 literals need brackets in a URL.
  const host = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '[::1]' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}`;
}
