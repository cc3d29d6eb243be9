import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { CONCURRENCY_POLL_MS, decidePacing, RATE_WINDOW_MS, sendSpacingMs, type MailboxLimits, type MailboxUsage } from './mailbox-pacing.js';

const limits: MailboxLimits = { ratePerMinute: 30, maxConcurrency: 4, dailyLimit: 10_000 };
const now = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const idle: MailboxUsage = {
  inFlight: 0,
  attemptsInWindow: 0,
  oldestAttemptInWindow: null,
  lastAttemptAt: null,
  sentInDay: 0,
  oldestSentInDay: null,
  holdUntil: null,
};

describe('decidePacing', () => {
  it('lets an idle mailbox send', () => {
    expect(decidePacing(idle, limits, now)).toEqual({ kind: 'go' });
  });

  it('spaces sends evenly over the widened minute', () => {
    const spacing = sendSpacingMs(limits);
    expect(spacing).toBe(RATE_WINDOW_MS / 30);
    const justSent = { ...idle, attemptsInWindow: 1, oldestAttemptInWindow: ago(500), lastAttemptAt: ago(500) };
    expect(decidePacing(justSent, limits, now)).toEqual({ kind: 'wait', ms: Math.ceil(spacing - 500), reason: 'rate' });
    expect(decidePacing({ ...justSent, oldestAttemptInWindow: ago(2100), lastAttemptAt: ago(2100) }, limits, now)).toEqual({ kind: 'go' });
  });

  it('makes up for late sends on the schedule of the window, at most twice as fast', () => {
    const spacing = sendSpacingMs(limits);
    // Ten sends in the window, the first 10 spacings + 1 s ago: the schedule is a second behind.
    const behind = { ...idle, attemptsInWindow: 10, oldestAttemptInWindow: ago(10 * spacing + 1000), lastAttemptAt: ago(spacing / 2 + 1) };
    expect(decidePacing(behind, limits, now)).toEqual({ kind: 'go' });
    expect(decidePacing({ ...behind, lastAttemptAt: ago(500) }, limits, now)).toEqual({ kind: 'wait', ms: Math.ceil(spacing / 2 - 500), reason: 'rate' });
    // On schedule: the next send waits for its slot.
    const onTime = { ...behind, oldestAttemptInWindow: new Date(now.getTime() - 10 * spacing + 300), lastAttemptAt: ago(2000) };
    expect(decidePacing(onTime, limits, now)).toEqual({ kind: 'wait', ms: 300, reason: 'rate' });
  });

  it('waits for the oldest send to leave the window when the minute is full', () => {
    const full = { ...idle, attemptsInWindow: 30, oldestAttemptInWindow: ago(40_000), lastAttemptAt: ago(10_000) };
    expect(decidePacing(full, limits, now)).toEqual({ kind: 'wait', ms: RATE_WINDOW_MS - 40_000, reason: 'rate' });
  });

  it('waits while all concurrent requests are in flight', () => {
    expect(decidePacing({ ...idle, inFlight: 4 }, limits, now)).toEqual({ kind: 'wait', ms: CONCURRENCY_POLL_MS, reason: 'concurrency' });
    expect(decidePacing({ ...idle, inFlight: 3 }, limits, now)).toEqual({ kind: 'go' });
  });

  it("honours Graph's Retry-After hold before anything else but the daily cap", () => {
    expect(decidePacing({ ...idle, holdUntil: new Date(now.getTime() + 1500) }, limits, now)).toEqual({ kind: 'wait', ms: 1500, reason: 'hold' });
    expect(decidePacing({ ...idle, holdUntil: ago(1) }, limits, now)).toEqual({ kind: 'go' });
  });

  it('carries over to when the oldest mail of the day leaves the 24-hour window', () => {
    const usage = { ...idle, sentInDay: 10_000, oldestSentInDay: ago(20 * 3_600_000) };
    expect(decidePacing(usage, limits, now)).toEqual({ kind: 'carry-over', until: new Date(now.getTime() - 20 * 3_600_000 + DAY_MS) });
  });

  it('never lets more than the rate start in any window, whatever the timing of the calls', () => {
    const fastLimits: MailboxLimits = { ratePerMinute: 600, maxConcurrency: 4, dailyLimit: 10_000 };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 700, maxLength: 1500 }), (gaps) => {
        const starts: number[] = [];
        let clock = 0;
        for (const gap of gaps) {
          clock += gap;
          const inWindow = starts.filter((start) => start > clock - RATE_WINDOW_MS);
          const usage: MailboxUsage = {
            ...idle,
            attemptsInWindow: inWindow.length,
            oldestAttemptInWindow: inWindow.length > 0 ? new Date(Math.min(...inWindow)) : null,
            lastAttemptAt: starts.length > 0 ? new Date(starts.at(-1)!) : null,
          };
          if (decidePacing(usage, fastLimits, new Date(clock)).kind === 'go') starts.push(clock);
        }
        // Exchange's own count: any 60 s (plus the margin's slack for latency) holds at most the rate.
        for (let index = fastLimits.ratePerMinute; index < starts.length; index++) {
          expect(starts[index]! - starts[index - fastLimits.ratePerMinute]!).toBeGreaterThanOrEqual(RATE_WINDOW_MS);
        }
      }),
      { numRuns: 30 },
    );
  });
});
