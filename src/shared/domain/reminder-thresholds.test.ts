import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, type LocalDate } from './local-date.js';
import {
  AFTER_EXPIRY_DAY_RANGE,
  REMINDER_DAY_RANGE,
  previousRunDay,
  reminderOnRun,
  thresholdReminderOnRun,
  type ReminderThresholds,
} from './reminder-thresholds.js';
import { isDueOnRun, reminderDaysCovered } from './reminder-window.js';
import { isRunDay, WEEKEND_PROCESSING_VALUES, type WeekendProcessing } from './schedule.js';
import { localDateArb, PROPERTY_RUNS } from './test-support/arbitraries.js';

// Week of Monday 11 March 2024.
const THURSDAY = '2024-03-14';
const FRIDAY = '2024-03-15';
const SUNDAY = '2024-03-17';
const MONDAY = '2024-03-18';
const TUESDAY = '2024-03-19';

const policy: ReminderThresholds = { reminderDays: [14, 7, 1, 0], afterExpiryDays: [3] };
const onRun = (runDate: LocalDate, expiryDate: LocalDate, weekendProcessing: WeekendProcessing = 'include', thresholds = policy) =>
  thresholdReminderOnRun({ expiryDate, runDate, weekendProcessing, thresholds });

const thresholdsArb: fc.Arbitrary<ReminderThresholds> = fc.record({
  reminderDays: fc.uniqueArray(fc.integer({ min: REMINDER_DAY_RANGE.min, max: REMINDER_DAY_RANGE.max }), { minLength: 1, maxLength: REMINDER_DAY_RANGE.count }),
  afterExpiryDays: fc.uniqueArray(fc.integer({ min: AFTER_EXPIRY_DAY_RANGE.min, max: AFTER_EXPIRY_DAY_RANGE.max }), {
    maxLength: AFTER_EXPIRY_DAY_RANGE.count,
  }),
});
const processingArb = fc.constantFrom(...WEEKEND_PROCESSING_VALUES);

/**
 * The scheduled checks from `from` for `days` days, each run day checked (once, or `reruns` times)
 * unless listed in `missed`; what the ledger keeps: the first day each threshold was planned.
 */
function simulate(
  thresholds: ReminderThresholds,
  expiryDate: LocalDate,
  weekendProcessing: WeekendProcessing,
  from: LocalDate,
  days: number,
  missed: ReadonlySet<LocalDate> = new Set(),
) {
  const ledger = new Map<number, LocalDate>();
  const planned: { day: LocalDate; threshold: number }[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const day = addDays(from, offset);
    if (!isRunDay(day, weekendProcessing) || missed.has(day)) continue;
    const reminder = thresholdReminderOnRun({ expiryDate, runDate: day, weekendProcessing, thresholds });
    if (!reminder) continue;
    planned.push({ day, threshold: reminder.threshold });
    if (!ledger.has(reminder.threshold)) ledger.set(reminder.threshold, day);
  }
  return { ledger, planned };
}

describe('thresholdReminderOnRun', () => {
  it('reminds on the chosen days only, the expiry day included, and after the expiry with the after-expiry wording', () => {
    const expiry = '2024-04-01';
    expect(onRun(addDays(expiry, -14), expiry)).toEqual({ threshold: 14, afterExpiry: false });
    expect(onRun(addDays(expiry, -7), expiry)).toEqual({ threshold: 7, afterExpiry: false });
    expect(onRun(addDays(expiry, -1), expiry)).toEqual({ threshold: 1, afterExpiry: false });
    expect(onRun(expiry, expiry)).toEqual({ threshold: 0, afterExpiry: false });
    expect(onRun(addDays(expiry, 3), expiry)).toEqual({ threshold: -3, afterExpiry: true });
    // Between thresholds: nothing new (the day after a threshold names it again, which the ledger absorbs).
    expect(onRun(addDays(expiry, -10), expiry)).toBeNull();
    expect(onRun(addDays(expiry, -15), expiry)).toBeNull();
    expect(onRun(addDays(expiry, 5), expiry)).toBeNull();
  });

  it('catches up the threshold of a scheduled check that did not run, once, and only the latest of them', () => {
    const expiry = '2024-04-01';
    // The 7-day check did not run: the next day's check sends it.
    expect(onRun(addDays(expiry, -6), expiry)).toEqual({ threshold: 7, afterExpiry: false });
    // The 1-day check did not run, but the expiry day has its own: only the expiry day's goes.
    expect(onRun(expiry, expiry)).toEqual({ threshold: 0, afterExpiry: false });
    // Two days late is too late.
    expect(onRun(addDays(expiry, -5), expiry)).toBeNull();
    // The expiry-day check did not run: the day after plans no "expires today" (the sender would refuse it).
    expect(onRun(addDays(expiry, 1), expiry, 'include', { reminderDays: [0], afterExpiryDays: [] })).toBeNull();
  });

  it("sends the weekend's thresholds on Friday under weekdays, the latest of them, and Monday catches up Friday's days", () => {
    // Expires Sunday: Friday covers Saturday (1 day) and Sunday (0): the expiry-day reminder goes Friday.
    expect(onRun(FRIDAY, SUNDAY, 'weekdays')).toEqual({ threshold: 0, afterExpiry: false });
    expect(previousRunDay(MONDAY, 'weekdays')).toBe(FRIDAY);
    // Monday, the day after the expiry, catches up no before-expiry threshold (it would no longer be true), Tuesday nothing.
    expect(onRun(MONDAY, SUNDAY, 'weekdays')).toBeNull();
    expect(onRun(TUESDAY, SUNDAY, 'weekdays')).toBeNull();
    // Under skip, a weekend threshold is not sent (as in every-day mode), nor caught up on Monday.
    expect(onRun(FRIDAY, SUNDAY, 'skip', { reminderDays: [1], afterExpiryDays: [] })).toBeNull();
    expect(onRun(MONDAY, SUNDAY, 'skip', { reminderDays: [1], afterExpiryDays: [] })).toBeNull();
    expect(onRun(THURSDAY, SUNDAY, 'skip', { reminderDays: [3], afterExpiryDays: [] })).toEqual({ threshold: 3, afterExpiry: false });
  });

  it('plans each threshold in order, on a day whose check covers it, never before its day', () => {
    fc.assert(
      fc.property(thresholdsArb, localDateArb, processingArb, (thresholds, expiry, processing) => {
        const from = addDays(expiry, -(REMINDER_DAY_RANGE.max + 5));
        const { ledger, planned } = simulate(thresholds, expiry, processing, from, REMINDER_DAY_RANGE.max + AFTER_EXPIRY_DAY_RANGE.max + 10);
        // Sent on a day the check covers (its own day or the weekend it stands in for), never early.
        for (const [threshold, day] of ledger) expect(reminderDaysCovered(day, processing)).toContain(addDays(expiry, -threshold));
        // Each check's threshold is never an earlier one than the previous check's: none repeats once passed.
        for (let i = 1; i < planned.length; i += 1) expect(planned[i]!.threshold).toBeLessThanOrEqual(planned[i - 1]!.threshold);
      }),
      PROPERTY_RUNS,
    );
  });

  it('with every check run, sends every threshold falling on a check day, on that day', () => {
    fc.assert(
      fc.property(thresholdsArb, localDateArb, (thresholds, expiry) => {
        const from = addDays(expiry, -(REMINDER_DAY_RANGE.max + 1));
        const { ledger } = simulate(thresholds, expiry, 'include', from, REMINDER_DAY_RANGE.max + AFTER_EXPIRY_DAY_RANGE.max + 5);
        const expected = new Map(
          [...thresholds.reminderDays, ...thresholds.afterExpiryDays.map((days) => -days)].map((threshold) => [threshold, addDays(expiry, -threshold)]),
        );
        expect(ledger).toEqual(expected);
      }),
      PROPERTY_RUNS,
    );
  });

  it("a missed check's threshold goes out with the next check, unless that check has a later one of its own or the password has expired", () => {
    fc.assert(
      fc.property(thresholdsArb, localDateArb, fc.integer({ min: 0, max: REMINDER_DAY_RANGE.max }), (thresholds, expiry, missedOffset) => {
        const missedDay = addDays(expiry, -missedOffset);
        const from = addDays(expiry, -(REMINDER_DAY_RANGE.max + 1));
        const { ledger } = simulate(thresholds, expiry, 'include', from, REMINDER_DAY_RANGE.max + AFTER_EXPIRY_DAY_RANGE.max + 5, new Set([missedDay]));
        const missed = thresholds.reminderDays.includes(missedOffset) ? missedOffset : null;
        if (missed === null) return;
        const nextHasOwn = thresholds.reminderDays.includes(missedOffset - 1) || (missedOffset === 0 && thresholds.afterExpiryDays.includes(1));
        // A missed expiry day is not caught up the day after: "expires today" would no longer be true.
        const tooLate = missedOffset === 0;
        expect(ledger.get(missed)).toBe(nextHasOwn || tooLate ? undefined : addDays(missedDay, 1));
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('reminderOnRun', () => {
  it('without a policy is every day of the window, its threshold the days left on the run day', () => {
    fc.assert(
      fc.property(
        localDateArb,
        fc.integer({ min: -3, max: 40 }),
        processingArb,
        fc.integer({ min: 1, max: 30 }),
        (runDate, offset, weekendProcessing, daysBeforeExpiration) => {
          const expiryDate = addDays(runDate, offset);
          const reminder = reminderOnRun({ today: runDate, weekendProcessing, daysBeforeExpiration }, expiryDate);
          expect(reminder !== null).toBe(isDueOnRun({ expiryDate, runDate, weekendProcessing, daysBeforeExpiration }));
          if (reminder) expect(reminder).toEqual({ threshold: daysBetween(runDate, expiryDate), afterExpiry: false });
        },
      ),
      PROPERTY_RUNS,
    );
  });

  it('with a policy decides by its thresholds', () => {
    expect(reminderOnRun({ today: '2024-03-25', weekendProcessing: 'include', daysBeforeExpiration: 30, thresholds: policy }, '2024-04-01')).toEqual({
      threshold: 7,
      afterExpiry: false,
    });
    expect(reminderOnRun({ today: '2024-03-26', weekendProcessing: 'include', daysBeforeExpiration: 30, thresholds: policy }, '2024-04-03')).toBeNull();
  });
});
