import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysUntilExpiry, localDateOf } from './days-until.js';
import { addDays } from './local-date.js';
import { instantZoneArbs, PROPERTY_RUNS } from './test-support/arbitraries.js';
import { instantOfWallClock } from './zoned-time.js';

describe('localDateOf', () => {
  it('is the calendar date in the given zone', () => {
    expect(localDateOf('2024-06-01T03:00:00Z', 'UTC')).toBe('2024-06-01');
    expect(localDateOf('2024-06-01T03:00:00Z', 'America/New_York')).toBe('2024-05-31');
    expect(localDateOf(new Date('2024-06-01T11:00:00Z'), 'Pacific/Chatham')).toBe('2024-06-01');
    expect(localDateOf(new Date('2024-06-01T11:15:00Z'), 'Pacific/Chatham')).toBe('2024-06-02');
  });

  it('rejects an invalid instant', () => {
    expect(() => localDateOf('yesterday', 'UTC')).toThrow(RangeError);
  });
});

describe('daysUntilExpiry', () => {
  const zone = 'America/New_York';
  const now = '2024-06-10T13:00:00Z'; // 09:00 EDT, Monday 10 June

  it('is 0 later today, 1 tomorrow, -1 yesterday', () => {
    expect(daysUntilExpiry('2024-06-11T03:59:00Z', now, zone)).toBe(0); // 23:59 today
    expect(daysUntilExpiry('2024-06-11T04:00:00Z', now, zone)).toBe(1); // 00:00 tomorrow
    expect(daysUntilExpiry('2024-06-10T04:00:00Z', now, zone)).toBe(0); // 00:00 today, already past
    expect(daysUntilExpiry('2024-06-10T03:59:00Z', now, zone)).toBe(-1); // 23:59 yesterday
  });

  it('depends on the organization time zone', () => {
    const expiresAt = '2024-06-11T02:00:00Z';
    expect(daysUntilExpiry(expiresAt, now, 'UTC')).toBe(1);
    expect(daysUntilExpiry(expiresAt, now, zone)).toBe(0);
  });

  it('counts calendar days across a 23-hour spring-forward day', () => {
    // Saturday 9 March 12:00 EST -> Monday 11 March 00:30 EDT: 35.5 hours, two calendar days.
    expect(daysUntilExpiry('2024-03-11T04:30:00Z', '2024-03-09T17:00:00Z', zone)).toBe(2);
  });

  it('counts calendar days across a 25-hour fall-back day', () => {
    // Saturday 2 November 23:30 EDT -> Sunday 3 November 23:30 EST: 25 hours, one calendar day.
    expect(daysUntilExpiry('2024-11-04T04:30:00Z', '2024-11-03T03:30:00Z', zone)).toBe(1);
  });

  it('equals the calendar-day distance for any wall-clock time k days away, in any zone', () => {
    fc.assert(
      fc.property(instantZoneArbs, fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: 1439 }), ([now, zone], days, minuteOfDay) => {
        const expiryDate = addDays(localDateOf(now, zone), days);
        const expiresAt = instantOfWallClock(expiryDate, minuteOfDay, zone);
        expect(daysUntilExpiry(expiresAt, now, zone)).toBe(days);
      }),
      PROPERTY_RUNS,
    );
  });
});
