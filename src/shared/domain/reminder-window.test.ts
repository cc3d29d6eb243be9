import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, daysBetween } from './local-date.js';
import { isDueOnRun, isReminderDue, reminderDaysCovered } from './reminder-window.js';
import { isRunDay, WEEKEND_PROCESSING_VALUES } from './schedule.js';
import { localDateArb, PROPERTY_RUNS } from './test-support/arbitraries.js';

// Week of Monday 11 March 2024.
const THURSDAY = '2024-03-14';
const FRIDAY = '2024-03-15';
const SATURDAY = '2024-03-16';
const SUNDAY = '2024-03-17';
const MONDAY = '2024-03-18';
const TUESDAY = '2024-03-19';

describe('isReminderDue', () => {
  it('is due from daysBeforeExpiration days out through the expiry day itself', () => {
    expect(isReminderDue({ daysUntilExpiry: 8, daysBeforeExpiration: 7 })).toBe(false);
    expect(isReminderDue({ daysUntilExpiry: 7, daysBeforeExpiration: 7 })).toBe(true);
    expect(isReminderDue({ daysUntilExpiry: 1, daysBeforeExpiration: 7 })).toBe(true);
    expect(isReminderDue({ daysUntilExpiry: 0, daysBeforeExpiration: 7 })).toBe(true);
  });

  it('sends nothing once the password has expired', () => {
    expect(isReminderDue({ daysUntilExpiry: -1, daysBeforeExpiration: 7 })).toBe(false);
    expect(isReminderDue({ daysUntilExpiry: -30, daysBeforeExpiration: 30 })).toBe(false);
  });
});

describe('reminderDaysCovered', () => {
  it("under weekdays, Friday's run covers the weekend", () => {
    expect(reminderDaysCovered(FRIDAY, 'weekdays')).toEqual([FRIDAY, SATURDAY, SUNDAY]);
    expect(reminderDaysCovered(MONDAY, 'weekdays')).toEqual([MONDAY]);
    expect(reminderDaysCovered(THURSDAY, 'weekdays')).toEqual([THURSDAY]);
  });

  it('a manual weekend run under weekdays covers the rest of the weekend', () => {
    expect(reminderDaysCovered(SATURDAY, 'weekdays')).toEqual([SATURDAY, SUNDAY]);
    expect(reminderDaysCovered(SUNDAY, 'weekdays')).toEqual([SUNDAY]);
  });

  it('skip and include cover only the run day', () => {
    expect(reminderDaysCovered(FRIDAY, 'skip')).toEqual([FRIDAY]);
    expect(reminderDaysCovered(FRIDAY, 'include')).toEqual([FRIDAY]);
  });
});

describe('isDueOnRun', () => {
  const due = (expiryDate: string, runDate: string, weekendProcessing: 'skip' | 'include' | 'weekdays', daysBeforeExpiration = 1) =>
    isDueOnRun({ expiryDate, runDate, weekendProcessing, daysBeforeExpiration });

  it("weekdays, 1 day before: Friday's run reminds passwords expiring Friday to Monday", () => {
    expect(due(THURSDAY, FRIDAY, 'weekdays')).toBe(false); // already expired
    expect(due(FRIDAY, FRIDAY, 'weekdays')).toBe(true);
    expect(due(SATURDAY, FRIDAY, 'weekdays')).toBe(true);
    expect(due(SUNDAY, FRIDAY, 'weekdays')).toBe(true);
    expect(due(MONDAY, FRIDAY, 'weekdays')).toBe(true);
    expect(due(TUESDAY, FRIDAY, 'weekdays')).toBe(false);
    // Monday's own run reminds Monday's expiries again, on the day itself.
    expect(due(MONDAY, MONDAY, 'weekdays')).toBe(true);
  });

  it('skip has no look-ahead: weekend reminders are not sent', () => {
    expect(due(SATURDAY, FRIDAY, 'skip')).toBe(true);
    expect(due(SUNDAY, FRIDAY, 'skip')).toBe(false);
    expect(due(MONDAY, FRIDAY, 'skip')).toBe(false);
  });

  it('without look-ahead it is exactly isReminderDue on the calendar distance', () => {
    fc.assert(
      fc.property(
        localDateArb,
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom('skip', 'include'),
        fc.constantFrom(...WEEKEND_PROCESSING_VALUES),
        (runDate, daysUntilExpiry, daysBeforeExpiration, weekendProcessing, anyProcessing) => {
          const expiryDate = addDays(runDate, daysUntilExpiry);
          const expected = isReminderDue({ daysUntilExpiry, daysBeforeExpiration });
          expect(isDueOnRun({ expiryDate, runDate, weekendProcessing, daysBeforeExpiration })).toBe(expected);
          // Monday to Thursday have nothing to look ahead to under any setting.
          const weekday = dayOfWeek(runDate);
          if (weekday >= 1 && weekday <= 4) {
            expect(isDueOnRun({ expiryDate, runDate, weekendProcessing: anyProcessing, daysBeforeExpiration })).toBe(expected);
          }
        },
      ),
      PROPERTY_RUNS,
    );
  });

  it('weekdays: every day that include would remind on is reminded by the run that covers it', () => {
    fc.assert(
      fc.property(localDateArb, fc.integer({ min: 1, max: 30 }), (expiryDate, daysBeforeExpiration) => {
        for (let before = 0; before <= daysBeforeExpiration; before += 1) {
          const reminderDay = addDays(expiryDate, -before);
          let runDate = reminderDay;
          while (!isRunDay(runDate, 'weekdays')) runDate = addDays(runDate, -1);
          expect(reminderDaysCovered(runDate, 'weekdays')).toContain(reminderDay);
          expect(isDueOnRun({ expiryDate, runDate, weekendProcessing: 'weekdays', daysBeforeExpiration })).toBe(true);
        }
      }),
      PROPERTY_RUNS,
    );
  });

  it('weekdays never reminds an expired password, nor earlier than two days beyond the window', () => {
    fc.assert(
      fc.property(localDateArb, fc.integer({ min: -40, max: 40 }), fc.integer({ min: 1, max: 30 }), (runDate, days, daysBeforeExpiration) => {
        const expiryDate = addDays(runDate, days);
        if (isDueOnRun({ expiryDate, runDate, weekendProcessing: 'weekdays', daysBeforeExpiration })) {
          expect(daysBetween(runDate, expiryDate)).toBeGreaterThanOrEqual(0);
          expect(daysBetween(runDate, expiryDate)).toBeLessThanOrEqual(daysBeforeExpiration + 2);
        }
      }),
      PROPERTY_RUNS,
    );
  });
});
