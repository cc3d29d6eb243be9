import type { SimulatorClock } from './simulator-clock.js';
import type { SimulatorState } from './simulator-state.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';
import type { WebhookSigningIdentity } from './webhook-signing-identity.js';

/** Everything route handlers and domain functions share. */
export interface SimulatorContext {
  state: SimulatorState;
  clock: SimulatorClock;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The simulator's own URL, for links, the approval page and the certificate URL. */
  baseUrl(): string;
  signingIdentity(): WebhookSigningIdentity;
  webhooks: WebhookDispatcher;
}
