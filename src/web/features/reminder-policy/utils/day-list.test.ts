import { describe, expect, it } from 'vitest';
import { describeThreshold, formatDayList, parseDayList } from './day-list';

describe('day lists', () => {
  it('reads commas, spaces and semicolons, and writes comma-separated', () => {
    expect(parseDayList('14, 7,1 ;0')).toEqual([14, 7, 1, 0]);
    expect(parseDayList('  ')).toEqual([]);
    expect(formatDayList([14, 7, 1, 0])).toBe('14, 7, 1, 0');
  });

  it('keeps what is not a whole number as NaN, for the server to name', () => {
    expect(parseDayList('7, 1.5, x')).toEqual([7, Number.NaN, Number.NaN]);
  });

  it('describes thresholds before, on and after the expiry day', () => {
    expect(describeThreshold(7)).toBe('7 days before');
    expect(describeThreshold(1)).toBe('1 day before');
    expect(describeThreshold(0)).toBe('Expiry day');
    expect(describeThreshold(-3)).toBe('3 days after');
  });
});
