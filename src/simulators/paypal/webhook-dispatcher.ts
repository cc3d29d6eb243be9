import { newTransmissionId, newWebhookEventId } from './ids.js';
import { paypalTime, type SimulatorClock } from './simulator-clock.js';
import type { DeliveryAttempt, SimulatorState, WebhookEvent, WebhookEventRecord } from './simulator-state.js';
import { signWebhookTransmission } from './webhook-signature.js';
import { certificateUrl, type WebhookSigningIdentity } from './webhook-signing-identity.js';

export interface WebhookDispatcherOptions {
  state: SimulatorState;
  clock: SimulatorClock;
  webhookId: string;
  webhookUrl?: string;
  baseUrl(): string;
  signingIdentity(): WebhookSigningIdentity;
  /** Pause before each automatic retry of a failed delivery; its length is the retry count. */
  retryDelaysMs: readonly number[];
  /** Called whenever a delivery, retry or redelivery has finished (each one changes an event record). */
  onDeliverySettled?(): void;
}

type NewWebhookEvent = Pick<WebhookEvent, 'event_type' | 'resource_type' | 'resource_version' | 'summary' | 'resource'>;

export interface WebhookDispatcher {
  webhookUrl: string | undefined;
  readonly holding: boolean;
  /** Records an event and, unless held or no URL is set, queues its delivery (in publication order). */
  publish(event: NewWebhookEvent): WebhookEventRecord;
  /** Queues recorded events for automatic delivery again (deliveries a restart interrupted). */
  resume(eventIds: readonly string[]): void;
  /** Sends a recorded event once more, with the same event id and a fresh transmission. */
  redeliver(eventId: string): Promise<DeliveryAttempt>;
  /** Sends the given events one after another in exactly this order (e.g. to simulate reordering). */
  deliverInOrder(eventIds: readonly string[]): Promise<DeliveryAttempt[]>;
  /** From now on events are recorded as `held` instead of being sent. */
  hold(): void;
  /** Stops holding and queues every held event in publication order. */
  release(): void;
  /** Resolves once no delivery or scheduled retry is outstanding. */
  settle(): Promise<void>;
  /** Drops scheduled retries and stops holding (for a state reset). */
  reset(): void;
  /** Cancels scheduled retries and in-flight requests. */
  close(): void;
}

const DELIVERY_TIMEOUT_MS = 10_000;

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { state, clock } = options;
  const outstanding = new Set<Promise<unknown>>();
  /** Scheduled retries, each with the function that settles its tracked promise early. */
  const retryTimers = new Map<NodeJS.Timeout, () => void>();
  const shutdown = new AbortController();
  let queue: Promise<unknown> = Promise.resolve();
  let holding = false;

  function track<T>(work: Promise<T>): Promise<T> {
    outstanding.add(work);
    const forget = () => {
      outstanding.delete(work);
      options.onDeliverySettled?.();
    };
    work.then(forget, forget);
    return work;
  }

  function recordFor(eventId: string): WebhookEventRecord {
    const record = state.events.get(eventId);
    if (!record) throw new RangeError(`No webhook event ${eventId}`);
    return record;
  }

  async function transmit(record: WebhookEventRecord): Promise<DeliveryAttempt> {
    const url = dispatcher.webhookUrl;
    const transmissionId = newTransmissionId();
    const transmissionTime = paypalTime(clock.wallNow());
    const attempt: DeliveryAttempt = { attempt: record.deliveries.length + 1, transmissionId, at: transmissionTime, url: url ?? '' };
    record.deliveries.push(attempt);
    if (!url) {
      attempt.error = 'No webhook URL is configured.';
      return attempt;
    }
    // Nothing here may throw: the delivery queue must keep going whatever one delivery does.
    try {
      const identity = options.signingIdentity();
      const signature = signWebhookTransmission(identity.privateKey, {
        transmissionId,
        transmissionTime,
        webhookId: options.webhookId,
        body: record.body,
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PayPal/AUHD-214.0-58012433',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': signature,
          'paypal-cert-url': certificateUrl(options.baseUrl(), identity),
          'paypal-auth-algo': 'SHA256withRSA',
        },
        body: record.body,
        signal: AbortSignal.any([shutdown.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      attempt.statusCode = response.status;
      await response.arrayBuffer();
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    if (isSuccess(attempt)) record.status = 'delivered';
    return attempt;
  }

  /** The automatic path: first attempt, then PayPal-style retries with back-off. */
  async function deliverWithRetries(record: WebhookEventRecord, retriesDone: number): Promise<void> {
    if (shutdown.signal.aborted) return;
    const attempt = await transmit(record);
    if (isSuccess(attempt) || record.status === 'delivered') return;
    // Shutting down interrupts the delivery rather than failing it: the event stays pending, so a
    // simulator restarted on the same state file delivers it.
    if (shutdown.signal.aborted) return;
    const delay = options.retryDelaysMs[retriesDone];
    if (delay === undefined) {
      record.status = 'failed';
      return;
    }
    record.status = 'pending';
    void track(
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          retryTimers.delete(timer);
          void deliverWithRetries(record, retriesDone + 1).finally(resolve);
        }, delay);
        retryTimers.set(timer, resolve);
      }),
    );
  }

  function cancelRetries(): void {
    for (const [timer, resolve] of retryTimers) {
      clearTimeout(timer);
      resolve();
    }
    retryTimers.clear();
  }

  function dispatch(record: WebhookEventRecord): void {
    if (holding) {
      record.status = 'held';
    } else if (!dispatcher.webhookUrl) {
      record.status = 'no_webhook_url';
    } else {
      record.status = 'pending';
      queue = track(queue.then(() => deliverWithRetries(record, 0)));
    }
  }

  const dispatcher: WebhookDispatcher = {
    webhookUrl: options.webhookUrl,
    get holding() {
      return holding;
    },
    publish(input) {
      const id = newWebhookEventId();
      const base = options.baseUrl();
      const event: WebhookEvent = {
        id,
        event_version: '1.0',
        create_time: clock.now().toISOString(),
        resource_type: input.resource_type,
        ...(input.resource_version ? { resource_version: input.resource_version } : {}),
        event_type: input.event_type,
        summary: input.summary,
        resource: input.resource,
        links: [
          { href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
          { href: `${base}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
        ],
      };
      const body = JSON.stringify(event);
      // The record keeps a snapshot: the resource must not follow later changes to the subscription.
      const record: WebhookEventRecord = { event: JSON.parse(body) as WebhookEvent, body, status: 'pending', deliveries: [] };
      state.events.set(id, record);
      dispatch(record);
      return record;
    },
    resume(eventIds) {
      for (const record of eventIds.map(recordFor)) dispatch(record);
    },
    redeliver(eventId) {
      return track(transmit(recordFor(eventId)));
    },
    deliverInOrder(eventIds) {
      const records = eventIds.map(recordFor);
      return track(
        (async () => {
          const attempts: DeliveryAttempt[] = [];
          for (const record of records) {
            const attempt = await transmit(record);
            if (!isSuccess(attempt) && record.status !== 'delivered') record.status = 'failed';
            attempts.push(attempt);
          }
          return attempts;
        })(),
      );
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const record of state.events.values()) if (record.status === 'held') dispatch(record);
    },
    async settle() {
      while (outstanding.size > 0) await Promise.allSettled([...outstanding]);
    },
    reset() {
      cancelRetries();
      holding = false;
    },
    close() {
      shutdown.abort();
      cancelRetries();
    },
  };
  return dispatcher;
}

function isSuccess(attempt: DeliveryAttempt): boolean {
  return attempt.statusCode !== undefined && attempt.statusCode >= 200 && attempt.statusCode < 300;
}
