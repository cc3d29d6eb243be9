import { describe, expect, it } from 'vitest';
import { formatDateUs, formatUsd } from './us-format.js';

describe('formatUsd', () => {
  it('formats US dollars with cents and thousands separators', () => {
    expect(formatUsd(35)).toBe('$35.00');
    expect(formatUsd(30.416)).toBe('$30.42');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
  });
});

describe('formatDateUs', () => {
  it('writes month/day/year', () => {
    expect(formatDateUs('2025-03-15')).toBe('3/15/2025');
    expect(formatDateUs(new Date('2025-12-01T12:00:00Z'))).toBe('12/1/2025');
  });

  it('shows the day in the given zone, UTC by default', () => {
    expect(formatDateUs('2025-03-15T02:00:00Z')).toBe('3/15/2025');
    expect(formatDateUs('2025-03-15T02:00:00Z', 'America/New_York')).toBe('3/14/2025');
  });

  it('rejects an invalid date', () => {
    expect(() => formatDateUs('someday')).toThrow(RangeError);
  });
});
