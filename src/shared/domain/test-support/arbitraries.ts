// Generators shared by the domain property tests.
import fc from 'fast-check';
import { addDays, type LocalDate } from '../local-date.js';
import { zoneOffsetMs } from '../zoned-time.js';

/** Zones with awkward rules: US and EU DST, Lord Howe's 30-minute shift, Chatham's +12:45/+13:45, no DST, UTC. */
const TEST_ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'UTC'] as const;
export type TestZone = (typeof TEST_ZONES)[number];

const zoneArb = fc.constantFrom(...TEST_ZONES);

/** Instants between 2000 and 2040, whole milliseconds. */
export const instantArb = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2040-12-31T23:59:59Z'),
  noInvalidDate: true,
});

const HOUR = 3_600_000;
// Transitions are months apart, so one sample a day cannot miss one.
const SCAN_STEP = 24 * HOUR;

// Offset changes of `zone` during `year`, to the minute: found by scanning and bisecting.
function offsetTransitions(zone: string, year: number): number[] {
  const transitions: number[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  for (let from = Date.UTC(year, 0, 1); from < end; from += SCAN_STEP) {
    if (zoneOffsetMs(from, zone) === zoneOffsetMs(from + SCAN_STEP, zone)) continue;
    let [low, high] = [from, from + SCAN_STEP];
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zoneOffsetMs(middle, zone) === zoneOffsetMs(from, zone)) low = middle;
      else high = middle;
    }
    transitions.push(high);
  }
  return transitions;
}

const TRANSITIONS: Array<[number, TestZone]> = TEST_ZONES.flatMap((zone) =>
  [2024, 2037].flatMap((year) => offsetTransitions(zone, year).map((instant): [number, TestZone] => [instant, zone])),
);

/**
 * An instant with a test zone. Half of them fall within 3 hours of one of that zone's DST changes,
 * where wall-clock arithmetic goes wrong if it goes wrong anywhere.
 */
export const instantZoneArbs: fc.Arbitrary<[Date, TestZone]> = fc.oneof(
  fc.tuple(instantArb, zoneArb),
  fc
    .tuple(fc.constantFrom(...TRANSITIONS), fc.integer({ min: -3 * HOUR, max: 3 * HOUR }))
    .map(([[instant, zone], shift]): [Date, TestZone] => [new Date(instant + shift), zone]),
);

/** Calendar dates between 2000 and 2040. */
export const localDateArb: fc.Arbitrary<LocalDate> = fc.integer({ min: 0, max: 14_975 }).map((offset) => addDays('2000-01-01', offset));

export const checkTimeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);

export const PROPERTY_RUNS = { numRuns: 200 } as const;
