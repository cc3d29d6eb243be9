import { describe, expect, it } from 'vitest';
import { lastRunText, nextCheckText } from './schedule-text';
import { formatDateTimeUs } from './format-date-time';

describe('schedule texts', () => {
  it("read 'Not scheduled' and 'Never' without a time", () => {
    expect(nextCheckText(null)).toBe('Not scheduled');
    expect(lastRunText(null)).toBe('Never');
  });

  it('show a time as an en-US date and time', () => {
    const iso = '2025-03-15T13:00:00.000Z';
    expect(nextCheckText(iso)).toBe(formatDateTimeUs(iso));
    expect(lastRunText(iso)).toMatch(/^3\/1[45]\/2025, \d{1,2}:\d{2} [AP]M$/);
  });
});
