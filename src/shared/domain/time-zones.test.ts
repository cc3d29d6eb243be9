import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, TIME_ZONE_OPTIONS, isValidIanaTimeZone, normalizeTimeZone, timeZoneLabel } from './time-zones.js';

describe('time zone options', () => {
  it('offers the documented choices in order, as IANA zones', () => {
    expect(TIME_ZONE_OPTIONS.map((option) => option.label)).toEqual(['UTC-8 Pacific', 'UTC-7 Mountain', 'UTC-6 Central', 'UTC-5 Eastern', 'UTC']);
    expect(TIME_ZONE_OPTIONS.map((option) => option.value)).toEqual(['America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York', 'UTC']);
    for (const option of TIME_ZONE_OPTIONS) expect(isValidIanaTimeZone(option.value)).toBe(true);
  });

  it('defaults to Eastern (UTC-5)', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/New_York');
    expect(normalizeTimeZone('UTC-5')).toBe(DEFAULT_TIME_ZONE);
  });
});

describe('normalizeTimeZone', () => {
  it('maps legacy values and labels to their zones', () => {
    expect(normalizeTimeZone('UTC-8')).toBe('America/Los_Angeles');
    expect(normalizeTimeZone('utc-7')).toBe('America/Denver');
    expect(normalizeTimeZone(' UTC-6 Central ')).toBe('America/Chicago');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
  });

  it('accepts any IANA zone, fixing its spelling', () => {
    expect(normalizeTimeZone('Europe/London')).toBe('Europe/London');
    expect(normalizeTimeZone('america/new_york')).toBe('America/New_York');
    expect(normalizeTimeZone('Australia/Lord_Howe')).toBe('Australia/Lord_Howe');
  });

  it("keeps the caller's name for an alias Intl spells otherwise", () => {
    expect(normalizeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('rejects junk and bare offsets', () => {
    for (const junk of ['', '   ', 'Mars/Olympus_Mons', 'UTC-5:30', '+05:00', '-0500', 'New York', '<script>']) {
      expect(normalizeTimeZone(junk)).toBeNull();
    }
    expect(isValidIanaTimeZone('+05:00')).toBe(false);
    expect(isValidIanaTimeZone('Not/AZone')).toBe(false);
  });
});

describe('timeZoneLabel', () => {
  it('uses the form label for offered zones and the zone name otherwise', () => {
    expect(timeZoneLabel('America/New_York')).toBe('UTC-5 Eastern');
    expect(timeZoneLabel('Europe/London')).toBe('Europe/London');
  });
});
