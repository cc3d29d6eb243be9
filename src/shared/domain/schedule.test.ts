import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateOf } from './days-until.js';
import { daysBetween } from './local-date.js';
import { isRunDay, isValidCheckTime, nextCheckTime, WEEKEND_PROCESSING_VALUES, type WeekendProcessing } from './schedule.js';
import { checkTimeArb, instantZoneArbs, PROPERTY_RUNS } from './test-support/arbitraries.js';
import { wallClockOf } from './zoned-time.js';

const MINUTE = 60_000;
const next = (checkTime: string, timeZone: string, now: string, weekendProcessing: WeekendProcessing = 'include') =>
  nextCheckTime({ checkTime, timeZone, weekendProcessing, now: new Date(now) }).toISOString();

describe('isRunDay', () => {
  // 2024-03-15 is a Friday.
  it.each([
    ['2024-03-15', 'skip', true],
    ['2024-03-16', 'skip', false],
    ['2024-03-17', 'skip', false],
    ['2024-03-18', 'skip', true],
    ['2024-03-16', 'weekdays', false],
    ['2024-03-17', 'weekdays', false],
    ['2024-03-15', 'weekdays', true],
    ['2024-03-16', 'include', true],
    ['2024-03-17', 'include', true],
  ] as const)('%s under %s: %s', (date, weekendProcessing, expected) => {
    expect(isRunDay(date, weekendProcessing)).toBe(expected);
  });
});

describe('isValidCheckTime', () => {
  it('accepts 24-hour HH:MM only', () => {
    for (const good of ['00:00', '08:00', '23:59']) expect(isValidCheckTime(good)).toBe(true);
    for (const bad of ['24:00', '8:00', '08:60', '08:00:00', '', '8am']) expect(isValidCheckTime(bad)).toBe(false);
  });

  it('nextCheckTime refuses an invalid check time', () => {
    expect(() => next('8am', 'UTC', '2024-03-15T00:00:00Z')).toThrow(RangeError);
  });
});

describe('nextCheckTime', () => {
  it('is later today when the time has not passed, strictly after now', () => {
    // Wednesday 13 March 2024, New York on EDT: 08:00 local = 12:00Z.
    expect(next('08:00', 'America/New_York', '2024-03-13T11:59:00Z')).toBe('2024-03-13T12:00:00.000Z');
    expect(next('08:00', 'America/New_York', '2024-03-13T12:00:00Z')).toBe('2024-03-14T12:00:00.000Z');
  });

  it('skips the weekend under skip and weekdays, runs it under include', () => {
    const fridayAfterRun = '2024-03-15T13:00:00Z';
    expect(next('08:00', 'America/New_York', fridayAfterRun, 'skip')).toBe('2024-03-18T12:00:00.000Z');
    expect(next('08:00', 'America/New_York', fridayAfterRun, 'weekdays')).toBe('2024-03-18T12:00:00.000Z');
    expect(next('08:00', 'America/New_York', fridayAfterRun, 'include')).toBe('2024-03-16T12:00:00.000Z');
  });

  it('decides the weekday in the organization zone, not in UTC', () => {
    // 03:00Z Saturday is still Friday 23:00 in New York: Friday 23:30 runs.
    expect(next('23:30', 'America/New_York', '2024-03-16T03:00:00Z', 'skip')).toBe('2024-03-16T03:30:00.000Z');
  });

  describe('US DST (America/New_York)', () => {
    it('runs a time in the spring-forward gap at 03:00 EDT', () => {
      expect(next('02:30', 'America/New_York', '2024-03-09T12:00:00Z')).toBe('2024-03-10T07:00:00.000Z');
    });

    it('keeps 08:00 local on both sides of spring forward', () => {
      expect(next('08:00', 'America/New_York', '2024-03-09T14:00:00Z')).toBe('2024-03-10T12:00:00.000Z');
      expect(next('08:00', 'America/New_York', '2024-03-08T14:00:00Z', 'skip')).toBe('2024-03-11T12:00:00.000Z');
    });

    it('runs a repeated fall-back time once, at its first (EDT) occurrence', () => {
      expect(next('01:30', 'America/New_York', '2024-11-02T12:00:00Z')).toBe('2024-11-03T05:30:00.000Z');
      // After the first occurrence, and between the two: the next run is Monday's, not 01:30 EST.
      expect(next('01:30', 'America/New_York', '2024-11-03T05:30:00Z')).toBe('2024-11-04T06:30:00.000Z');
      expect(next('01:30', 'America/New_York', '2024-11-03T06:00:00Z')).toBe('2024-11-04T06:30:00.000Z');
    });
  });

  describe('EU DST', () => {
    it('London: gap time runs at 02:00 BST, repeated time at its first (BST) occurrence', () => {
      expect(next('01:30', 'Europe/London', '2024-03-30T12:00:00Z')).toBe('2024-03-31T01:00:00.000Z');
      expect(next('01:30', 'Europe/London', '2024-10-26T12:00:00Z')).toBe('2024-10-27T00:30:00.000Z');
      expect(next('01:30', 'Europe/London', '2024-10-27T00:30:00Z')).toBe('2024-10-28T01:30:00.000Z');
    });

    it('Berlin: 02:30 on spring-forward day runs at 03:00 CEST', () => {
      expect(next('02:30', 'Europe/Berlin', '2024-03-30T12:00:00Z')).toBe('2024-03-31T01:00:00.000Z');
    });
  });

  describe("Lord Howe's 30-minute shift", () => {
    it('02:15 in the 02:00-02:30 gap runs at 02:30 (+11:00)', () => {
      expect(next('02:15', 'Australia/Lord_Howe', '2024-10-05T00:00:00Z')).toBe('2024-10-05T15:30:00.000Z');
    });

    it('01:45, repeated at fall-back, runs once at its +11:00 occurrence', () => {
      expect(next('01:45', 'Australia/Lord_Howe', '2024-04-06T00:00:00Z')).toBe('2024-04-06T14:45:00.000Z');
      expect(next('01:45', 'Australia/Lord_Howe', '2024-04-06T14:45:00Z')).toBe('2024-04-07T15:15:00.000Z');
    });
  });

  it('in any zone: after now, within 8 days, on a run day, at the check time or first minute after a gap', () => {
    fc.assert(
      fc.property(
        instantZoneArbs,
        checkTimeArb,
        fc.constantFrom(...WEEKEND_PROCESSING_VALUES),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        ([now, timeZone], checkTime, weekendProcessing, fraction) => {
          const result = nextCheckTime({ checkTime, timeZone, weekendProcessing, now });
          expect(result.getTime()).toBeGreaterThan(now.getTime());
          expect(result.getTime() - now.getTime()).toBeLessThanOrEqual(8 * 24 * 60 * MINUTE);
          expect(isRunDay(localDateOf(result, timeZone), weekendProcessing)).toBe(true);

          const clock = wallClockOf(result, timeZone);
          const wallTime = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
          if (wallTime !== checkTime) {
            // Only in a gap: the minute before the result reads earlier than the check time.
            const before = wallClockOf(new Date(result.getTime() - MINUTE), timeZone);
            const beforeTime = `${String(before.hour).padStart(2, '0')}:${String(before.minute).padStart(2, '0')}`;
            expect(beforeTime < checkTime && checkTime < wallTime).toBe(true);
          }

          // No run hides between now and the result: asking at any moment in between gives the same
          // answer. The run after it falls on a later local day (once a day, even at fall-back).
          const between = new Date(now.getTime() + Math.floor((result.getTime() - now.getTime()) * fraction));
          expect(nextCheckTime({ checkTime, timeZone, weekendProcessing, now: between })).toEqual(result);
          expect(nextCheckTime({ checkTime, timeZone, weekendProcessing, now: new Date(result.getTime() - 1) })).toEqual(result);
          const following = nextCheckTime({ checkTime, timeZone, weekendProcessing, now: result });
          expect(daysBetween(localDateOf(result, timeZone), localDateOf(following, timeZone))).toBeGreaterThanOrEqual(1);
        },
      ),
      PROPERTY_RUNS,
    );
  });
});
