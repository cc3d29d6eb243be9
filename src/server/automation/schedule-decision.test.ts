import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays, type LocalDate } from '../../shared/domain/local-date.js';
import { isRunDay, WEEKEND_PROCESSING_VALUES } from '../../shared/domain/schedule.js';
import { checkTimeArb, instantZoneArbs } from '../../shared/domain/test-support/arbitraries.js';
import { instantOfWallClock } from '../../shared/domain/zoned-time.js';
import { decideTick, scheduleBasis, type ScheduleSettings, type ScheduleState } from './schedule-decision.js';
import { DAY_MS } from '../../shared/domain/day-length.js';

const MINUTE = 60_000;

/** Runs the tick once a minute (at `second` past each minute) from `start` for `days`; returns each run with its tick. */
function simulate(settings: ScheduleSettings, start: Date, days: number, second = 0): { runDay: LocalDate; at: Date }[] {
  let state: ScheduleState = { nextRunAt: null, basis: null, lastRunDay: null };
  const runs: { runDay: LocalDate; at: Date }[] = [];
  const first = Math.ceil(start.getTime() / MINUTE) * MINUTE + second * 1000;
  for (let at = first; at < start.getTime() + days * DAY_MS; at += MINUTE) {
    const decision = decideTick(state, settings, new Date(at));
    state = decision.state;
    if (decision.runDay) runs.push({ runDay: decision.runDay, at: new Date(at) });
  }
  return runs;
}

const minuteOfDay = (checkTime: string) => Number(checkTime.slice(0, 2)) * 60 + Number(checkTime.slice(3));

describe('decideTick', () => {
  it('runs at the check time in the organization zone, once a day', () => {
    // Monday 2024-03-04 to Friday in New York (EST, UTC-5): 08:00 local is 13:00Z.
    const runs = simulate({ checkTime: '08:00', timeZone: 'America/New_York', weekendProcessing: 'include' }, new Date('2024-03-04T00:00:00Z'), 3);
    expect(runs.map((run) => [run.runDay, run.at.toISOString()])).toEqual([
      ['2024-03-04', '2024-03-04T13:00:00.000Z'],
      ['2024-03-05', '2024-03-05T13:00:00.000Z'],
      ['2024-03-06', '2024-03-06T13:00:00.000Z'],
    ]);
  });

  it('skips Saturday and Sunday under skip and weekdays', () => {
    for (const weekendProcessing of ['skip', 'weekdays'] as const) {
      // Friday 2024-03-15 to Monday 2024-03-18, UTC.
      const runs = simulate({ checkTime: '09:30', timeZone: 'UTC', weekendProcessing }, new Date('2024-03-15T00:00:00Z'), 4);
      expect(runs.map((run) => run.runDay)).toEqual(['2024-03-15', '2024-03-18']);
    }
  });

  it('moves to the first valid minute when the check time does not exist that day, and runs a repeated time once', () => {
    const spring = simulate({ checkTime: '02:30', timeZone: 'America/New_York', weekendProcessing: 'include' }, new Date('2024-03-09T12:00:00Z'), 2);
    expect(spring.map((run) => run.at.toISOString())).toEqual(['2024-03-10T07:00:00.000Z', '2024-03-11T06:30:00.000Z']);
    const fall = simulate({ checkTime: '01:30', timeZone: 'America/New_York', weekendProcessing: 'include' }, new Date('2024-11-02T12:00:00Z'), 2);
    expect(fall.map((run) => run.at.toISOString())).toEqual(['2024-11-03T05:30:00.000Z', '2024-11-04T06:30:00.000Z']);
  });

  it('recomputes the next run when the settings change, without running', () => {
    const settings: ScheduleSettings = { checkTime: '08:00', timeZone: 'UTC', weekendProcessing: 'include' };
    const state: ScheduleState = { nextRunAt: new Date('2024-03-05T08:00:00Z'), basis: scheduleBasis(settings), lastRunDay: '2024-03-04' };
    const changed = decideTick(state, { ...settings, checkTime: '07:00' }, new Date('2024-03-05T06:00:00Z'));
    expect(changed.runDay).toBeNull();
    expect(changed.state.nextRunAt?.toISOString()).toBe('2024-03-05T07:00:00.000Z');
  });

  it('catches up a missed run later the same day, and then does not run again that day', () => {
    const settings: ScheduleSettings = { checkTime: '08:00', timeZone: 'UTC', weekendProcessing: 'include' };
    // Every instance was down from Monday 07:00 to Tuesday 06:00.
    const state: ScheduleState = { nextRunAt: new Date('2024-03-04T08:00:00Z'), basis: scheduleBasis(settings), lastRunDay: '2024-03-03' };
    const catchUp = decideTick(state, settings, new Date('2024-03-05T06:00:00Z'));
    expect(catchUp.runDay).toBe('2024-03-05');
    expect(catchUp.state.nextRunAt?.toISOString()).toBe('2024-03-06T08:00:00.000Z');
  });

  it('does not catch up on a day the weekend setting excludes', () => {
    const settings: ScheduleSettings = { checkTime: '08:00', timeZone: 'UTC', weekendProcessing: 'skip' };
    const state: ScheduleState = { nextRunAt: new Date('2024-03-15T08:00:00Z'), basis: scheduleBasis(settings), lastRunDay: '2024-03-14' };
    const saturday = decideTick(state, settings, new Date('2024-03-16T10:00:00Z'));
    expect(saturday.runDay).toBeNull();
    expect(saturday.state.nextRunAt?.toISOString()).toBe('2024-03-18T08:00:00.000Z');
  });

  it('in any zone, across DST changes: one run per run day, on time, none missed', () => {
    fc.assert(
      fc.property(
        instantZoneArbs,
        checkTimeArb,
        fc.constantFrom(...WEEKEND_PROCESSING_VALUES),
        fc.integer({ min: 0, max: 59 }),
        ([around, timeZone], checkTime, weekendProcessing, second) => {
          const settings = { checkTime, timeZone, weekendProcessing };
          const start = new Date(around.getTime() - 2 * DAY_MS);
          const days = 5;
          const runs = simulate(settings, start, days, second);

          const runDays = runs.map((run) => run.runDay);
          expect(new Set(runDays).size).toBe(runDays.length);
          for (const run of runs) {
            expect(localDateOf(run.at, timeZone)).toBe(run.runDay);
            expect(isRunDay(run.runDay, weekendProcessing)).toBe(true);
            const due = instantOfWallClock(run.runDay, minuteOfDay(checkTime), timeZone).getTime();
            expect(run.at.getTime()).toBeGreaterThanOrEqual(due);
            expect(run.at.getTime() - due).toBeLessThan(MINUTE);
          }

          // Every run day whose check time falls inside the simulated span (after the first tick set the schedule up) ran.
          const end = start.getTime() + days * DAY_MS;
          for (let day = localDateOf(start, timeZone); day <= localDateOf(new Date(end), timeZone); day = addDays(day, 1)) {
            const due = instantOfWallClock(day, minuteOfDay(checkTime), timeZone).getTime();
            if (!isRunDay(day, weekendProcessing) || due <= start.getTime() + MINUTE || due + MINUTE >= end) continue;
            expect(runDays).toContain(day);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
