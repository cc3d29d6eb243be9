import { describe, expect, it } from 'vitest';
import { nextCheckAfter } from './next-scheduled-check.js';
import { nextRunAfter } from './schedule-decision.js';

const MINUTE = 60_000;

describe('nextCheckAfter', () => {
  it('is the next run as worked out afresh, asked minute by minute in time order and out of it, across DST changes and weekends', () => {
    const schedules = [
      { timeZone: 'America/New_York', checkTime: '02:30', weekendProcessing: 'skip' as const },
      { timeZone: 'America/New_York', checkTime: '01:30', weekendProcessing: 'include' as const },
      { timeZone: 'Europe/Berlin', checkTime: '08:00', weekendProcessing: 'weekdays' as const },
      { timeZone: 'Australia/Lord_Howe', checkTime: '02:15', weekendProcessing: 'include' as const },
    ];
    // New York's and Berlin's spring and autumn changes.
    const starts = ['2026-03-06T00:00:00Z', '2026-03-27T00:00:00Z', '2026-10-23T00:00:00Z', '2026-10-30T00:00:00Z'];
    const instants = starts.flatMap((start) => Array.from({ length: (4 * 24 * 60) / 11 }, (_, step) => new Date(Date.parse(start) + step * 11 * MINUTE)));
    // In time order, as requests come, then shuffled (a test clock going back, another instance's clock).
    const shuffled = [...instants].sort((a, b) => ((a.getTime() * 7919) % 1013) - ((b.getTime() * 7919) % 1013));
    for (const now of [...instants, ...shuffled]) {
      for (const schedule of schedules) {
        for (const lastRunDay of [null, now.toISOString().slice(0, 10)]) {
          const configuration = { ...schedule, automationEnabled: true };
          expect(nextCheckAfter(configuration, now, lastRunDay), `${schedule.timeZone} ${schedule.checkTime} at ${now.toISOString()}`).toEqual(
            nextRunAfter(configuration, now, lastRunDay),
          );
        }
      }
    }
  });

  it('is null when automation is off', () => {
    expect(nextCheckAfter({ timeZone: 'UTC', checkTime: '08:00', weekendProcessing: 'include', automationEnabled: false }, new Date(), null)).toBeNull();
  });
});
