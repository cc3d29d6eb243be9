import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysUntilExpiry } from '../../shared/domain/days-until.js';
import { createExpiryDayCounter } from './expiry-day-counter.js';

// Zones with DST both ways, half- and quarter-hour offsets, a 30-minute DST shift (Lord Howe),
// and a skipped calendar day (Apia, 2011-12-30).
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Pacific/Apia',
  'Asia/Tokyo',
  'UTC',
];
const instant = (from: string, to: string) => fc.integer({ min: Date.parse(from), max: Date.parse(to) }).map((ms) => new Date(Math.floor(ms / 1000) * 1000));

describe('createExpiryDayCounter', () => {
  it('answers exactly what daysUntilExpiry answers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        instant('2000-01-01T00:00:00Z', '2040-01-01T00:00:00Z'),
        fc.array(instant('1999-01-01T00:00:00Z', '2041-01-01T00:00:00Z'), { minLength: 1, maxLength: 30 }),
        (zone, now, expiries) => {
          const count = createExpiryDayCounter(now, zone);
          for (const expiry of expiries) expect(count(expiry.toISOString())).toBe(daysUntilExpiry(expiry, now, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is exact around DST transitions and the skipped day', () => {
    const cases: [string, string, string][] = [
      ['America/New_York', '2024-03-09T12:00:00Z', '2024-03-10T06:59:59Z'],
      ['America/New_York', '2024-11-02T12:00:00Z', '2024-11-03T04:30:00Z'],
      ['Australia/Lord_Howe', '2024-04-06T00:00:00Z', '2024-04-06T14:45:00Z'],
      ['Pacific/Apia', '2011-12-29T00:00:00Z', '2011-12-30T10:30:00Z'],
    ];
    for (const [zone, now, expiry] of cases) {
      const count = createExpiryDayCounter(new Date(now), zone);
      for (let minutes = -180; minutes <= 180; minutes += 15) {
        const at = new Date(Date.parse(expiry) + minutes * 60_000).toISOString();
        expect(count(at), `${zone} ${at}`).toBe(daysUntilExpiry(at, new Date(now), zone));
      }
    }
  });
});
