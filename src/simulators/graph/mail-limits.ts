// Sending limits (docs/domain.md §Exchange Online sending limits): the Outlook service allows 4 concurrent requests and 10,000
// requests per 10 minutes per app and mailbox; Exchange Online allows a number of messages per
// minute and 10,000 recipients per rolling 24 hours per sending mailbox. Real Exchange queues the
// excess of the per-minute rate; the simulator answers 429 instead so pacing is observable.
import { tooManyRequests } from './errors.js';
import type { GraphSimulatorState } from './state.js';
import { DAY_MS } from '../shared/formats.js';

/** Weighted events in a sliding time window. */
export class SlidingWindow {
  private readonly times: number[] = [];
  private readonly weights: number[] = [];
  private head = 0;
  private total = 0;

  constructor(private readonly windowMs: number) {}

  /** Sum of weights of events newer than `now - windowMs`. */
  used(now: number): number {
    this.expire(now);
    return this.total;
  }

  add(now: number, weight: number): void {
    this.times.push(now);
    this.weights.push(weight);
    this.total += weight;
  }

  /** Milliseconds until `weight` more fits under `limit` (0 when it fits now). */
  waitFor(now: number, weight: number, limit: number): number {
    this.expire(now);
    let excess = this.total + weight - limit;
    if (excess <= 0) return 0;
    for (let index = this.head; index < this.times.length; index++) {
      excess -= this.weights[index] ?? 0;
      if (excess <= 0) return (this.times[index] ?? now) + this.windowMs - now;
    }
    // More than the limit in one go: never fits; the earliest sensible retry is a full window.
    return this.windowMs;
  }

  private expire(now: number): void {
    while (this.head < this.times.length && (this.times[this.head] ?? 0) <= now - this.windowMs) {
      this.total -= this.weights[this.head] ?? 0;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.weights.splice(0, this.head);
      this.head = 0;
    }
  }
}

export interface MailLimitState {
  /** In-flight sendMail requests per app and mailbox. */
  concurrent: Map<string, number>;
  requests: Map<string, SlidingWindow>;
  messages: Map<string, SlidingWindow>;
  recipients: Map<string, SlidingWindow>;
}

export function createMailLimitState(): MailLimitState {
  return { concurrent: new Map(), requests: new Map(), messages: new Map(), recipients: new Map() };
}

const MINUTE_MS = 60_000;
const TEN_MINUTES_MS = 600_000;

export interface MailAttempt {
  tenantId: string;
  appId: string;
  mailboxId: string;
  recipientCount: number;
}

/**
 * Takes one of the concurrent slots of (app, mailbox), or throws 429 ApplicationThrottled
 * (MailboxConcurrency). Returns the release function, which is safe to call more than once.
 */
export function acquireMailboxSlot(state: GraphSimulatorState, attempt: MailAttempt): () => void {
  const key = `${attempt.tenantId}|${attempt.appId}|${attempt.mailboxId}`;
  const inFlight = state.mailLimits.concurrent.get(key) ?? 0;
  if (inFlight >= state.settings.mailConcurrentRequests) {
    throw tooManyRequests({
      retryAfterSeconds: retryAfter(state, 1),
      code: 'ApplicationThrottled',
      message: 'Application is over its MailboxConcurrency limit.',
    });
  }
  state.mailLimits.concurrent.set(key, inFlight + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const remaining = (state.mailLimits.concurrent.get(key) ?? 1) - 1;
    if (remaining > 0) state.mailLimits.concurrent.set(key, remaining);
    else state.mailLimits.concurrent.delete(key);
  };
}

/** Counts the message against the mailbox's limits, or throws 429 naming the limit hit. */
export function admitMessage(state: GraphSimulatorState, attempt: MailAttempt): void {
  const now = state.clock().getTime();
  const { settings } = state;
  const appMailbox = `${attempt.tenantId}|${attempt.appId}|${attempt.mailboxId}`;
  const mailbox = `${attempt.tenantId}|${attempt.mailboxId}`;
  const requests = windowFor(state.mailLimits.requests, appMailbox, TEN_MINUTES_MS);
  const messages = windowFor(state.mailLimits.messages, mailbox, MINUTE_MS);
  const recipients = windowFor(state.mailLimits.recipients, mailbox, DAY_MS);

  const requestWait = requests.waitFor(now, 1, settings.mailRequestsPer10Minutes);
  if (requestWait > 0) {
    throw tooManyRequests({
      retryAfterSeconds: retryAfter(state, requestWait / 1000),
      code: 'ApplicationThrottled',
      message: 'Application is over its MailboxRequestsPerTime limit.',
    });
  }
  // Requests count even when Exchange refuses the message: the Outlook service saw them.
  requests.add(now, 1);
  const messageWait = messages.waitFor(now, 1, settings.mailMessagesPerMinute);
  if (messageWait > 0) {
    throw tooManyRequests({
      retryAfterSeconds: retryAfter(state, messageWait / 1000),
      message: `The mailbox is over its limit of ${settings.mailMessagesPerMinute} messages per minute.`,
    });
  }
  const recipientWait = recipients.waitFor(now, attempt.recipientCount, settings.mailRecipientsPer24Hours);
  if (recipientWait > 0) {
    throw tooManyRequests({
      retryAfterSeconds: retryAfter(state, recipientWait / 1000),
      code: 'ErrorSubmissionQuotaExceeded',
      message: `Cannot submit message: the mailbox is over its limit of ${settings.mailRecipientsPer24Hours} recipients per 24 hours.`,
    });
  }
  messages.add(now, 1);
  recipients.add(now, attempt.recipientCount);
}

function windowFor(windows: Map<string, SlidingWindow>, key: string, windowMs: number): SlidingWindow {
  let window = windows.get(key);
  if (!window) {
    window = new SlidingWindow(windowMs);
    windows.set(key, window);
  }
  return window;
}

function retryAfter(state: GraphSimulatorState, seconds: number): number | null {
  return state.faults.throttleWithoutRetryAfter ? null : seconds;
}
