import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../backoff.js';
import { retryAfterMs } from './retry-policy.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2025-03-10T14:30:00Z');
  it.each([
    ['2', 2000],
    ['0.4', 400],
    [' 12.5 ', 12_500],
    ['0', 0],
    ['Mon, 10 Mar 2025 14:30:05 GMT', 5000],
    ['Mon, 10 Mar 2025 14:29:00 GMT', 0],
  ])('reads %j as %i ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });

  it.each([null, '', 'soon', '-3'])('has no wait for %j', (header) => {
    expect(retryAfterMs(header, now)).toBeNull();
  });
});

describe('backoffDelayMs', () => {
  const policy = { baseDelayMs: 500, maxBackoffMs: 4_000 };
  it('doubles the cap per retry up to the maximum, and jitters below it', () => {
    expect([1, 2, 3, 4, 5, 6].map((retry) => backoffDelayMs(retry, { ...policy, random: () => 0.999999 }))).toEqual([499, 999, 1999, 3999, 3999, 3999]);
    expect(backoffDelayMs(3, { ...policy, random: () => 0 })).toBe(0);
  });
});
