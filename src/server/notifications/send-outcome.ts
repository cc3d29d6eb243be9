import { AsyncLocalStorage } from 'node:async_hooks';
import {
  classifySendMailError,
  classifySendMailWait,
  GraphError,
  RETRYABLE_STATUSES,
  type RetryPolicy,
  type SendMailFailure,
} from '../integrations/graph/index.js';

/**
 * Graph answered "wait" (429, 503, 504): the message was not accepted (a 504 that Graph itself
 * answered means its back end refused or dropped the request before taking the message). Raised by the send client's
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
 * when Graph sent none) comes back as a SendDeferral; the queue waits exactly that, or its own
 * growing backoff when Graph named no wait.
 */
export const DEFERRING_RETRY: Partial<RetryPolicy> = {
  maxAttempts: 2,
  baseDelayMs: 0,
  maxRetryAfterMs: Number.POSITIVE_INFINITY,
  sleep: (ms) => Promise.reject(new SendDeferral(ms)),
};

export type DeliveryOutcome = { kind: 'sent' } | SendMailFailure;

/** The last "wait" answer (429/503/504) of one send, which the queue's deferral is about. */
export interface WaitAnswer {
  status: number;
  code: string;
}

const currentSend = new AsyncLocalStorage<{ lastWait: WaitAnswer | null }>();

/**
 * Runs one send (token request and sendMail) and returns its error, if any, as a delivery
 * outcome. The retry policy's SendDeferral carries only the wait; the fetch wrapper
 * (recordingWaitAnswers) notes, for this send alone, which answer asked for it.
 */
export async function attemptSend(senderMailbox: string, send: () => Promise<void>): Promise<DeliveryOutcome> {
  const context = { lastWait: null as WaitAnswer | null };
  try {
    await currentSend.run(context, send);
    return { kind: 'sent' };
  } catch (error) {
    return classifySendError(error, senderMailbox, context.lastWait);
  }
}

/** Notes the status and Graph error code of each 429/503/504 answer for attemptSend. */
export function recordingWaitAnswers(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const context = currentSend.getStore();
    if (context && RETRYABLE_STATUSES.has(response.status)) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
      context.lastWait = { status: response.status, code: typeof code === 'string' ? code : `http_${response.status}` };
    }
    return response;
  };
}

/** What a failed sendMail (or its token request) means for the mail. */
export function classifySendError(error: unknown, senderMailbox: string, lastWait: WaitAnswer | null = null): SendMailFailure {
  if (error instanceof SendDeferral) {
    return classifySendMailWait(lastWait, error.retryAfterMs, senderMailbox);
  }
  if (!(error instanceof GraphError)) {
    return {
      kind: 'unknown',
      reason: 'outcome_unknown',
      code: 'outcome_unknown',
      message: `Sending stopped on an unexpected error (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  return classifySendMailError(error, senderMailbox);
}
