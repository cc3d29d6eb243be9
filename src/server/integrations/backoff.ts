// How long to wait before trying an outside service again when it named no wait: exponential
// backoff with full jitter (a random wait between 0 and a cap that doubles per retry), so many
// clients do not retry in lockstep. Graph, PayPal and the mail queues all wait this way.

export interface BackoffSettings {
  /** Cap of the first retry's wait; doubles per retry. */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxBackoffMs: number;
  random: () => number;
}

/** Full-jitter backoff before retry number `retry` (1 for the first retry). */
export function backoffDelayMs(retry: number, settings: BackoffSettings): number {
  const cap = Math.min(settings.maxBackoffMs, settings.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(settings.random() * cap);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
