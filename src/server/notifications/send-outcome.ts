import type { RetryPolicy } from '../directory/retry-policy.js';
import { GraphError } from '../directory/graph-errors.js';

/**
 * Graph answered "wait" (429, 503, 504): the message was not accepted. Raised by the send client's
 * retry policy instead of sleeping, so the wait is taken by the send queue for the whole mailbox,
 * on every instance, rather than by one request holding a concurrency slot.
 */
export class SendDeferral extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Microsoft Graph asked to wait ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = 'SendDeferral';
  }
}

/**
 * The retry policy of the Graph client that sends mail: the first retry's wait (Retry-After, or 0
 * when Graph sent none) comes back as a SendDeferral; the queue adds its own growing backoff.
 */
export const DEFERRING_RETRY: Partial<RetryPolicy> = {
  maxAttempts: 2,
  baseDelayMs: 0,
  maxRetryAfterMs: Number.POSITIVE_INFINITY,
  sleep: (ms) => Promise.reject(new SendDeferral(ms)),
};

/**
 * A 504 on sendMail means a gateway gave up waiting, possibly after Exchange took the message; the
 * Graph client would retry it like a 503. This fetch turns it into the timeout it is, which the
 * client reports without retrying and classifySendError treats as an unknown outcome.
 */
export function gatewayTimeoutAsTimeout(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status === 504 && init?.method === 'POST') {
      await response.body?.cancel();
      throw new DOMException('Microsoft Graph answered 504 Gateway Timeout', 'TimeoutError');
    }
    return response;
  };
}

export type DeliveryOutcome =
  | { kind: 'sent' }
  /** Not accepted; try again after at least `retryAfterMs`. */
  | { kind: 'deferred'; retryAfterMs: number; message: string }
  /**
   * Refused for good. `mailbox`: the organization's setup is at fault (credentials, permission,
   * sender), so every mail from that mailbox would fail the same way.
   */
  | { kind: 'failed'; scope: 'mail' | 'mailbox'; message: string }
  /** No answer: Graph may or may not have accepted the message, so it is not sent again. */
  | { kind: 'unknown'; message: string };

/** What a failed sendMail (or its token request) means for the mail. */
export function classifySendError(error: unknown): Exclude<DeliveryOutcome, { kind: 'sent' }> {
  if (error instanceof SendDeferral) return { kind: 'deferred', retryAfterMs: error.retryAfterMs, message: error.message };
  if (!(error instanceof GraphError)) {
    return { kind: 'unknown', message: `Sending stopped on an unexpected error (${error instanceof Error ? error.message : String(error)}).` };
  }
  switch (error.kind) {
    case 'throttled':
    case 'unavailable':
      // 503 and 429 refuse the request; a 500 or 502 may come after Exchange took the message.
      if (error.status === 500 || error.status === 502) return { kind: 'unknown', message: error.actionableMessage };
      return { kind: 'deferred', retryAfterMs: 0, message: error.actionableMessage };
    case 'timeout':
    case 'network':
      return { kind: 'unknown', message: error.actionableMessage };
    case 'credentials':
    case 'permission':
    case 'mailbox':
      return { kind: 'failed', scope: 'mailbox', message: error.actionableMessage };
    case 'not_found':
    case 'unexpected':
      return { kind: 'failed', scope: 'mail', message: error.actionableMessage };
  }
}
