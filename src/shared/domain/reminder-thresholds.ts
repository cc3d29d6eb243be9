// Reminders on chosen days (an organization's reminder policy) instead of every day of the window.
//
// A threshold is a number of days before the expiry day (14, 7, 1; 0 is the expiry day itself);
// after-expiry reminders are kept as negative thresholds (-1 is the day after the expiry day).
// A check reminds a user for the threshold that falls on one of the days it covers (the run day,
// and under `weekdays` the weekend Friday's run stands in for, as in reminder-window.ts). It also
// catches up on the days the previous scheduled check covered, in case that check did not run (the
// scheduler was down): of everything that falls on those days, only the latest threshold is sent,
// once. Older missed thresholds are dropped: a late pile of reminders saying different things is
// worse than one current one. A before-expiry threshold is never caught up after the expiry day:
// its mail would say "expires soon", which the sender refuses (isReminderStillTrue). The send ledger keeps each threshold to one mail per user and expiry
// however often a check reruns.
import { addDays, daysBetween, type LocalDate } from './local-date.js';
import { isDueOnRun, reminderDaysCovered } from './reminder-window.js';
import { isRunDay, type WeekendProcessing } from './schedule.js';

export interface ReminderThresholds {
  /** Days before the expiry day, 0 = the day itself. */
  reminderDays: readonly number[];
  /** Days after the expiry day. */
  afterExpiryDays: readonly number[];
}

export const REMINDER_DAY_RANGE = { min: 0, max: 60, count: 10 } as const;
// Expired passwords stay listed for 30 days; a reminder caught up after a missed weekend check
// (up to 3 days late) must still find its user listed.
export const AFTER_EXPIRY_DAY_RANGE = { min: 1, max: 21, count: 5 } as const;

export interface ThresholdReminder {
  /** Days before the expiry day; negative after it. Part of the send ledger's once-only key. */
  threshold: number;
  afterExpiry: boolean;
}

/** The thresholds as signed day counts: before expiry positive (or 0), after expiry negative. */
function signedThresholds({ reminderDays, afterExpiryDays }: ReminderThresholds): number[] {
  return [...reminderDays, ...afterExpiryDays.map((days) => -days)];
}

/**
 * Whether a reminder is still true on `day`: one saying the password expires soon only up to the
 * expiry day itself; an after-expiry one always. The check plans and the sender sends by this rule.
 */
export function isReminderStillTrue(reminder: Pick<ThresholdReminder, 'afterExpiry'>, expiryDate: LocalDate, day: LocalDate): boolean {
  return reminder.afterExpiry || expiryDate >= day;
}

/** The latest run day before `runDate` (the check whose days a run catches up on). */
export function previousRunDay(runDate: LocalDate, weekendProcessing: WeekendProcessing): LocalDate {
  let day = addDays(runDate, -1);
  while (!isRunDay(day, weekendProcessing)) day = addDays(day, -1);
  return day;
}

/**
 * The reminder a run on `runDate` sends a user whose password expires on `expiryDate`, or null.
 * Of the thresholds falling on the days this run covers or the previous run covered, the latest.
 */
export function thresholdReminderOnRun({
  expiryDate,
  runDate,
  weekendProcessing,
  thresholds,
}: {
  expiryDate: LocalDate;
  runDate: LocalDate;
  weekendProcessing: WeekendProcessing;
  thresholds: ReminderThresholds;
}): ThresholdReminder | null {
  const days = new Set([
    ...reminderDaysCovered(previousRunDay(runDate, weekendProcessing), weekendProcessing),
    ...reminderDaysCovered(runDate, weekendProcessing),
  ]);
  // The latest day is the smallest signed threshold.
  const latest = signedThresholds(thresholds)
    .filter((threshold) => days.has(addDays(expiryDate, -threshold)) && isReminderStillTrue({ afterExpiry: threshold < 0 }, expiryDate, runDate))
    .sort((a, b) => a - b)[0];
  return latest === undefined ? null : { threshold: latest, afterExpiry: latest < 0 };
}

/** How many days ahead of the expiry day the first reminder goes out. */
function thresholdLeadDays(thresholds: ReminderThresholds): number {
  return Math.max(0, ...thresholds.reminderDays);
}

/** What decides a check's reminders: its day, the weekend setting, and the window or the policy. */
export interface ReminderRule {
  /** The organization's calendar day the check runs on. */
  today: LocalDate;
  weekendProcessing: WeekendProcessing;
  daysBeforeExpiration: number;
  /** The organization's reminder policy; null or absent: every day within daysBeforeExpiration. */
  thresholds?: ReminderThresholds | null;
}

/**
 * The reminder a check on `rule.today` sends for a password expiring on `expiryDate`, or null.
 * Every day within the window: the threshold is the days left on the run day, so the ledger's
 * once-only key stays once per expiry and day. With a reminder policy: thresholdReminderOnRun.
 * The check and the dry run (and forecast) both decide with this one function.
 */
export function reminderOnRun(rule: ReminderRule, expiryDate: LocalDate): ThresholdReminder | null {
  const { today: runDate, weekendProcessing } = rule;
  if (rule.thresholds) return thresholdReminderOnRun({ expiryDate, runDate, weekendProcessing, thresholds: rule.thresholds });
  const due = isDueOnRun({ expiryDate, runDate, weekendProcessing, daysBeforeExpiration: rule.daysBeforeExpiration });
  return due ? { threshold: daysBetween(runDate, expiryDate), afterExpiry: false } : null;
}

/** How many days ahead of the expiry day a check of `rule` reminds first. */
export function reminderLeadDays(rule: ReminderRule): number {
  return rule.thresholds ? thresholdLeadDays(rule.thresholds) : rule.daysBeforeExpiration;
}
