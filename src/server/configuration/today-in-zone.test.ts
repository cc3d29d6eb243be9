import { describe, expect, it } from 'vitest';
import { localDateOf } from '../../shared/domain/days-until.js';
import { instantOfWallClock } from '../../shared/domain/zoned-time.js';
import { todayIn } from './today-in-zone.js';

const MINUTE = 60_000;

/** What todayIn stands for, worked out from scratch. */
function fresh(timeZone: string, now: Date) {
  const today = localDateOf(now, timeZone);
  return { today, startOfToday: instantOfWallClock(today, 0, timeZone) };
}

describe('todayIn', () => {
  it('is the date and its midnight as worked out afresh, minute by minute across midnights, DST changes and zones', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'America/Havana', 'Pacific/Kiritimati', 'Asia/Kolkata'];
    // Around New York's and Berlin's spring and autumn changes, and Havana's, whose change skips midnight.
    const spans = ['2026-03-07T00:00:00Z', '2026-03-28T12:00:00Z', '2026-10-24T12:00:00Z', '2026-11-01T00:00:00Z'];
    for (const start of spans) {
      // Called in time order, as requests come: the remembered day must end at the zone's next midnight.
      for (let minute = 0; minute < 3 * 24 * 60; minute += 7) {
        const now = new Date(Date.parse(start) + minute * MINUTE);
        for (const timeZone of zones) {
          const { today, startOfToday } = todayIn(timeZone, now);
          expect({ today, startOfToday }, `${timeZone} at ${now.toISOString()}`).toEqual(fresh(timeZone, now));
        }
      }
    }
  });

  it('answers an earlier instant too (another clock, a test going back in time)', () => {
    const later = new Date('2026-06-15T12:00:00Z');
    const earlier = new Date('2026-06-10T03:59:00Z');
    expect(todayIn('America/New_York', later).today).toBe('2026-06-15');
    const { today, startOfToday } = todayIn('America/New_York', earlier);
    expect({ today, startOfToday }).toEqual(fresh('America/New_York', earlier));
    expect(today).toBe('2026-06-09');
  });
});
