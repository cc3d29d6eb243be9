import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, daysBetween, formatLocalDate, isLocalDate, localDateOfUtcMidnight, utcMidnightOf } from './local-date.js';
import { localDateArb, PROPERTY_RUNS } from './test-support/arbitraries.js';

describe('local dates', () => {
  it('formats with zero padding', () => {
    expect(formatLocalDate(2024, 3, 5)).toBe('2024-03-05');
    expect(formatLocalDate(987, 12, 31)).toBe('0987-12-31');
  });

  it('accepts only real calendar dates in YYYY-MM-DD form', () => {
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('0050-01-01')).toBe(true);
    for (const bad of ['2023-02-29', '2024-13-01', '2024-04-31', '2024-4-1', '2024-04-01T00:00', '', 'tomorrow']) {
      expect(isLocalDate(bad)).toBe(false);
    }
    expect(() => utcMidnightOf('2023-02-29')).toThrow(RangeError);
  });

  it('keeps years below 100 literal', () => {
    expect(localDateOfUtcMidnight(utcMidnightOf('0050-06-01'))).toBe('0050-06-01');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('counts whole days between dates, later dates positive', () => {
    expect(daysBetween('2024-03-09', '2024-03-11')).toBe(2);
    expect(daysBetween('2024-03-11', '2024-03-09')).toBe(-2);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('names the day of the week, Sunday = 0', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('2024-03-15')).toBe(5);
    expect(dayOfWeek('2024-03-17')).toBe(0);
  });

  it('addDays and daysBetween are inverse, and seven days keep the weekday', () => {
    fc.assert(
      fc.property(localDateArb, fc.integer({ min: -5000, max: 5000 }), (date, days) => {
        const later = addDays(date, days);
        expect(isLocalDate(later)).toBe(true);
        expect(daysBetween(date, later)).toBe(days);
        expect(dayOfWeek(addDays(date, days * 7))).toBe(dayOfWeek(date));
      }),
      PROPERTY_RUNS,
    );
  });
});
