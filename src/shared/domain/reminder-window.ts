// Which users a check run reminds. A user whose password has a date from the expiry engine is due
// while 0 <= days until expiry <= daysBeforeExpiration, in the organization's calendar days: the
// expiry day itself is included; passwords that have already expired get no more mail (the user
// can no longer act on "your password expires in N days"; the table shows them as expired).
//
// Weekend look-ahead: under `weekdays` no check runs on Saturday or Sunday, so Friday's run stands
// in for them and also reminds everyone who would have been due on Saturday or Sunday.
// With daysBeforeExpiration 1, Friday's run reminds passwords expiring Friday (0 days), Saturday
// (1), Sunday (due on Saturday) and Monday (due on Sunday); Monday's own run then reminds the
// Monday ones again on their expiry day. `skip` has no look-ahead: its weekend reminders are simply
// not sent.
import { addDays, daysBetween, type LocalDate } from './local-date.js';
import { isRunDay, type WeekendProcessing } from './schedule.js';

export function isReminderDue({ daysUntilExpiry, daysBeforeExpiration }: { daysUntilExpiry: number; daysBeforeExpiration: number }): boolean {
  return daysUntilExpiry >= 0 && daysUntilExpiry <= daysBeforeExpiration;
}

/**
 * The calendar days a run on `runDate` sends reminders for: the run day itself, and under
 * `weekdays` also the non-run days that follow it up to the next run day
 * (Friday -> [Fri, Sat, Sun]; Tuesday -> [Tue]).
 */
export function reminderDaysCovered(runDate: LocalDate, weekendProcessing: WeekendProcessing): LocalDate[] {
  const covered = [runDate];
  if (weekendProcessing !== 'weekdays') return covered;
  for (let next = addDays(runDate, 1); !isRunDay(next, weekendProcessing); next = addDays(next, 1)) {
    covered.push(next);
  }
  return covered;
}

/** True when the run on `runDate` must remind a user whose password expires on `expiryDate`. */
export function isDueOnRun({
  expiryDate,
  runDate,
  weekendProcessing,
  daysBeforeExpiration,
}: {
  expiryDate: LocalDate;
  runDate: LocalDate;
  weekendProcessing: WeekendProcessing;
  daysBeforeExpiration: number;
}): boolean {
  return reminderDaysCovered(runDate, weekendProcessing).some((coveredDay) =>
    isReminderDue({ daysUntilExpiry: daysBetween(coveredDay, expiryDate), daysBeforeExpiration }),
  );
}
