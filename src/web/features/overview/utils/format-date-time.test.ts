import { describe, expect, it } from 'vitest';
import { formatDateTimeUs } from './format-date-time';

describe('formatDateTimeUs', () => {
  it('writes month/day/year, a 12-hour time and the zone', () => {
    expect(formatDateTimeUs('2025-03-05T14:07:00.000Z', 'UTC')).toBe('3/5/2025, 2:07 PM UTC');
  });

  it('shows the instant in the given zone, labelled with it', () => {
    expect(formatDateTimeUs('2025-03-05T02:07:00.000Z', 'America/New_York')).toBe('3/4/2025, 9:07 PM EST');
    expect(formatDateTimeUs('2025-07-05T02:07:00.000Z', 'America/New_York')).toBe('7/4/2025, 10:07 PM EDT');
  });

  it('labels the viewer’s zone while the organization’s is unknown', () => {
    expect(formatDateTimeUs('2025-03-05T14:07:00.000Z', undefined)).toMatch(/^3\/5\/2025, \d{1,2}:07 [AP]M \S+$/);
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatDateTimeUs('soon', 'UTC')).toBe('');
  });
});
