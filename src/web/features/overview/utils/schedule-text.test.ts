import { describe, expect, it } from 'vitest';
import { lastRunText, nextCheckText } from './schedule-text';

describe('schedule texts', () => {
  it("read 'Not scheduled' and 'Never' without a time", () => {
    expect(nextCheckText(null, 'UTC')).toBe('Not scheduled');
    expect(lastRunText(null, 'UTC')).toBe('Never');
  });

  it("show a time in the organization's zone, labelled with it", () => {
    const iso = '2025-03-15T13:00:00.000Z';
    expect(nextCheckText(iso, 'America/New_York')).toBe('3/15/2025, 9:00 AM EDT');
    expect(lastRunText(iso, 'Asia/Tokyo')).toBe('3/15/2025, 10:00 PM GMT+9');
  });
});
