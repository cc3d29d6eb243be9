// When to try a Graph or token request again: on 429, 503 and 504, after the server's
// Retry-After when it sends one, else after the shared full-jitter backoff (../backoff.ts).
import { sleep, type BackoffSettings } from '../backoff.js';

export interface RetryPolicy extends BackoffSettings {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** A Retry-After longer than this fails the request instead of holding it. */
  maxRetryAfterMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503, 504]);

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 500,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 120_000,
  random: Math.random,
  sleep,
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
