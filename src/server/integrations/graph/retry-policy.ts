// When to try a Graph or token request again: on 429, 503 and 504, after the server's
// Retry-After when it sends one, else after an exponential backoff with full jitter (a random
// wait between 0 and the doubled cap, so many clients do not retry in lockstep).

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Backoff cap of the first retry; doubles per retry. */
  baseDelayMs: number;
  /** Backoff never waits longer than this. */
  maxBackoffMs: number;
  /** A Retry-After longer than this fails the request instead of holding it. */
  maxRetryAfterMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503, 504]);

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 500,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 120_000,
  random: Math.random,
  sleep: defaultSleep,
};

/**
 * Milliseconds a Retry-After header asks for: delta-seconds (Graph may send fractions such as
 * '0.4') or an HTTP date; null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // An HTTP date names its weekday and month: anything else ('-3') is not one, whatever Date.parse makes of it.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** Full-jitter backoff before retry number `retry` (1 for the first retry). */
export function backoffDelayMs(retry: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxBackoffMs' | 'random'>): number {
  const cap = Math.min(policy.maxBackoffMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(policy.random() * cap);
}
