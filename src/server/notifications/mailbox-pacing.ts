// Exchange Online limits each sending mailbox (docs/domain.md §Exchange Online sending limits): a number of messages per
// minute, 10,000 recipients per rolling 24 hours, and at most 4 concurrent sendMail requests.
// Before each send, every instance reads the mailbox's usage from the ledger under one lock and
// asks this function whether it may go; so all instances together stay inside the limits.
import { DAY_MS } from '../../shared/domain/day-length.js';

export interface MailboxLimits {
  ratePerMinute: number;
  maxConcurrency: number;
  /** Mails per rolling 24 hours (one recipient each). */
  dailyLimit: number;
}

export interface MailboxUsage {
  /** Rows in `sending` whose lease has not expired: requests in flight. */
  inFlight: number;
  /** Graph calls started within the rate window. */
  attemptsInWindow: number;
  oldestAttemptInWindow: Date | null;
  lastAttemptAt: Date | null;
  /** Mails sent (or in flight) within the last 24 hours. */
  sentInDay: number;
  oldestSentInDay: Date | null;
  /** Graph asked the mailbox to wait until then (Retry-After). */
  holdUntil: Date | null;
}

export type PacingDecision = { kind: 'go' } | { kind: 'wait'; ms: number; reason: 'hold' | 'concurrency' | 'rate' } | { kind: 'carry-over'; until: Date };

const MINUTE_MS = 60_000;
/**
 * Exchange counts a message when it arrives, we when the request starts; the window is widened by
 * this much so request latency and clock jitter can never squeeze one message too many into a minute.
 */
const RATE_WINDOW_MARGIN_MS = 500;
export const RATE_WINDOW_MS = MINUTE_MS + RATE_WINDOW_MARGIN_MS;
/** How soon to look again when the mailbox's concurrent requests are all in use. */
export const CONCURRENCY_POLL_MS = 100;

/** Milliseconds between two sends that spread the rate evenly over the window. */
export function sendSpacingMs(limits: Pick<MailboxLimits, 'ratePerMinute'>): number {
  return RATE_WINDOW_MS / limits.ratePerMinute;
}

/**
 * Whether one more mail may start now. The 24-hour cap carries the rest over to when the oldest
 * mail of the day leaves the window; Graph's own Retry-After comes next; then concurrency; then
 * the per-minute rate, both as a sliding-window count (what Exchange enforces, so never a 429)
 * and as an even spacing, so the minute's messages are spread over it rather than sent in a burst.
 */
export function decidePacing(usage: MailboxUsage, limits: MailboxLimits, now: Date): PacingDecision {
  const nowMs = now.getTime();
  if (usage.sentInDay >= limits.dailyLimit) {
    const oldest = usage.oldestSentInDay?.getTime() ?? nowMs;
    return { kind: 'carry-over', until: new Date(Math.max(oldest + DAY_MS, nowMs + 1)) };
  }
  if (usage.holdUntil && usage.holdUntil.getTime() > nowMs) {
    return { kind: 'wait', ms: usage.holdUntil.getTime() - nowMs, reason: 'hold' };
  }
  if (usage.inFlight >= limits.maxConcurrency) return { kind: 'wait', ms: CONCURRENCY_POLL_MS, reason: 'concurrency' };
  if (usage.attemptsInWindow >= limits.ratePerMinute && usage.oldestAttemptInWindow) {
    const ms = usage.oldestAttemptInWindow.getTime() + RATE_WINDOW_MS - nowMs;
    if (ms > 0) return { kind: 'wait', ms, reason: 'rate' };
  }
  const spacing = sendSpacingMs(limits);
  // Even spacing, on a schedule anchored at the oldest send in the window: a send that started a
  // little late (a busy event loop) is made up for by the next ones, at most twice as fast.
  const nextSlot = Math.max(
    usage.lastAttemptAt ? usage.lastAttemptAt.getTime() + spacing / 2 : 0,
    usage.oldestAttemptInWindow ? usage.oldestAttemptInWindow.getTime() + usage.attemptsInWindow * spacing : 0,
  );
  if (nextSlot > nowMs) return { kind: 'wait', ms: Math.ceil(nextSlot - nowMs), reason: 'rate' };
  return { kind: 'go' };
}
