import { describe, expect, it } from 'vitest';
import { formatDateTimeUs } from './format-date-time';

describe('formatDateTimeUs', () => {
  it('writes month/day/year and a 12-hour time', () => {
    expect(formatDateTimeUs('2025-03-05T14:07:00.000Z', 'UTC')).toBe('3/5/2025, 2:07 PM');
  });

  it('shows the instant in the given zone', () => {
    expect(formatDateTimeUs('2025-03-05T02:07:00.000Z', 'America/New_York')).toBe('3/4/2025, 9:07 PM');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatDateTimeUs('soon')).toBe('');
  });
});
