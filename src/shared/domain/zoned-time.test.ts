import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLocalDate } from './local-date.js';
import { instantZoneArbs, PROPERTY_RUNS } from './test-support/arbitraries.js';
import { instantOfWallClock, localDateOfWallClock, wallClockOf, zoneOffsetMs } from './zoned-time.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

describe('wallClockOf / zoneOffsetMs', () => {
  it('reads the wall clock in a zone', () => {
    expect(wallClockOf(new Date('2024-07-01T12:00:00Z'), 'America/New_York')).toEqual({
      year: 2024,
      month: 7,
      day: 1,
      hour: 8,
      minute: 0,
      second: 0,
    });
    expect(wallClockOf(new Date('2024-12-31T23:30:15Z'), 'Asia/Kolkata')).toEqual({
      year: 2025,
      month: 1,
      day: 1,
      hour: 5,
      minute: 0,
      second: 15,
    });
    expect(localDateOfWallClock(wallClockOf(new Date('2024-12-31T23:30:00Z'), 'UTC'))).toBe('2024-12-31');
  });

  it('gives the offset in force, DST included', () => {
    expect(zoneOffsetMs(at('2024-01-15T00:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(at('2024-07-15T00:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(at('2024-07-15T00:00:00Z'), 'Australia/Lord_Howe')).toBe(10.5 * HOUR);
    expect(zoneOffsetMs(at('2024-01-15T00:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * HOUR);
    expect(zoneOffsetMs(at('2024-07-15T00:00:00Z'), 'Pacific/Chatham')).toBe(12.75 * HOUR);
    expect(zoneOffsetMs(at('2024-01-15T00:00:00Z'), 'Pacific/Chatham')).toBe(13.75 * HOUR);
    expect(zoneOffsetMs(at('2024-01-15T00:00:00.999Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('answers a reading asked again exactly as the first time: per second and per zone, never a copy the caller changed', () => {
    const reading = wallClockOf(new Date('2024-07-01T12:00:00.999Z'), 'America/New_York');
    reading.hour = 99;
    expect(wallClockOf(new Date('2024-07-01T12:00:00.000Z'), 'America/New_York')).toEqual({ year: 2024, month: 7, day: 1, hour: 8, minute: 0, second: 0 });
    expect(wallClockOf(new Date('2024-07-01T12:00:01.000Z'), 'America/New_York')).toEqual({ year: 2024, month: 7, day: 1, hour: 8, minute: 0, second: 1 });
    expect(wallClockOf(new Date('2024-07-01T12:00:00.500Z'), 'Asia/Kolkata')).toEqual({ year: 2024, month: 7, day: 1, hour: 17, minute: 30, second: 0 });
    // Before 1970 a second starts at a negative multiple of 1,000 ms: -1 ms is still 23:59:59.
    expect(wallClockOf(new Date(-1), 'UTC')).toEqual({ year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59 });
    expect(wallClockOf(new Date(0), 'UTC')).toEqual({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
  });
});

describe('instantOfWallClock', () => {
  const cases: Array<[string, string, number, string]> = [
    // zone, date, minute of day, expected instant
    ['America/New_York', '2024-07-01', 8 * 60, '2024-07-01T12:00:00.000Z'],
    ['America/New_York', '2024-03-10', 2 * 60 + 30, '2024-03-10T07:00:00.000Z'], // gap: 03:00 EDT
    ['America/New_York', '2024-11-03', 90, '2024-11-03T05:30:00.000Z'], // overlap: first (EDT)
    ['Europe/London', '2024-03-31', 90, '2024-03-31T01:00:00.000Z'], // gap: 02:00 BST
    ['Europe/London', '2024-10-27', 90, '2024-10-27T00:30:00.000Z'], // overlap: first (BST)
    ['Australia/Lord_Howe', '2024-10-06', 2 * 60 + 15, '2024-10-05T15:30:00.000Z'], // 30-min gap: 02:30
    ['Australia/Lord_Howe', '2024-04-07', 60 + 45, '2024-04-06T14:45:00.000Z'], // 30-min overlap: +11 first
    ['Pacific/Chatham', '2024-09-29', 3 * 60, '2024-09-28T14:00:00.000Z'], // gap 02:45 -> 03:45
    ['Pacific/Chatham', '2024-04-07', 3 * 60, '2024-04-06T13:15:00.000Z'], // overlap: +13:45 first
    ['Asia/Kolkata', '2024-05-01', 0, '2024-04-30T18:30:00.000Z'],
  ];
  it.each(cases)('%s %s minute %i -> %s', (zone, date, minute, expected) => {
    expect(instantOfWallClock(date, minute, zone).toISOString()).toBe(expected);
  });

  it('round-trips any wall-clock minute to its first occurrence', () => {
    fc.assert(
      fc.property(instantZoneArbs, ([instant, zone]) => {
        const minuteStart = Math.floor(instant.getTime() / MINUTE) * MINUTE;
        const clock = wallClockOf(new Date(minuteStart), zone);
        const date = formatLocalDate(clock.year, clock.month, clock.day);
        const found = instantOfWallClock(date, clock.hour * 60 + clock.minute, zone);
        expect(wallClockOf(found, zone)).toEqual({ ...clock, second: 0 });
        expect(found.getTime()).toBeLessThanOrEqual(minuteStart);
        // Earlier by at most one DST shift (the first of two occurrences).
        expect(minuteStart - found.getTime()).toBeLessThanOrEqual(HOUR);
      }),
      PROPERTY_RUNS,
    );
  });
});
