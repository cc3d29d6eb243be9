import { describe, expect, it, onTestFinished } from 'vitest';
import { formatDateInZone, formatDateTimeUs } from './format-date-time';

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

describe('formatDateInZone', () => {
  it('writes the en-US date on the calendar of the given zone', () => {
    expect(formatDateInZone(new Date('2025-03-05T02:07:00.000Z'), 'UTC')).toBe('3/5/2025');
    expect(formatDateInZone(new Date('2025-03-05T02:07:00.000Z'), 'America/New_York')).toBe('3/4/2025');
  });

  it('says Invalid Date for a date that is not one, as toLocaleDateString does', () => {
    expect(formatDateInZone(new Date('soon'), 'UTC')).toBe(new Date('soon').toLocaleDateString('en-US', { timeZone: 'UTC' }));
  });

  it('builds one formatter per zone however many rows it formats', () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    // A function that returns an object: `new` gives that object.
    Intl.DateTimeFormat = function countingDateTimeFormat(...args: ConstructorParameters<typeof Original>) {
      built += 1;
      return new Original(...args);
    } as unknown as typeof Original;
    onTestFinished(() => {
      Intl.DateTimeFormat = Original;
    });
    const dates = Array.from({ length: 25 }, (_, day) => new Date(Date.UTC(2025, 0, day + 1)));
    expect(dates.map((date) => formatDateInZone(date, 'Asia/Tokyo'))).toContain('1/25/2025');
    expect(dates.map((date) => formatDateTimeUs(date.toISOString(), 'Asia/Tokyo'))).toContain('1/25/2025, 9:00 AM GMT+9');
    // One date formatter and one date-and-time formatter for the zone, not one per row.
    expect(built).toBe(2);
  });

  it('refuses an unknown zone as toLocaleDateString does', () => {
    expect(() => formatDateInZone(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
