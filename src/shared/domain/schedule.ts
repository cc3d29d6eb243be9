// When the daily check runs: at the configured wall-clock time in the organization's zone, on the
// days its weekend setting allows.
import { addDays, dayOfWeek, type LocalDate } from './local-date.js';
import { localDateOf } from './days-until.js';
import { instantOfWallClock } from './zoned-time.js';

export const WEEKEND_PROCESSING_VALUES = ['skip', 'include', 'weekdays'] as const;
/**
 * skip: no check on Saturday or Sunday. include: every day. weekdays: Monday to Friday, and
 * Friday's run also sends the reminders that would fall on the weekend (see reminder-window.ts).
 */
export type WeekendProcessing = (typeof WEEKEND_PROCESSING_VALUES)[number];

export function isRunDay(localDate: LocalDate, weekendProcessing: WeekendProcessing): boolean {
  if (weekendProcessing === 'include') return true;
  const day = dayOfWeek(localDate);
  return day !== 0 && day !== 6;
}

const CHECK_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a 24-hour 'HH:MM' time such as '08:00' or '23:59'. */
export function isValidCheckTime(checkTime: string): boolean {
  return CHECK_TIME_PATTERN.test(checkTime);
}

function minuteOfDay(checkTime: string): number {
  const match = CHECK_TIME_PATTERN.exec(checkTime);
  if (!match) throw new RangeError(`Check time must be HH:MM (24-hour): ${checkTime}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export interface ScheduleInput {
  checkTime: string;
  timeZone: string;
  weekendProcessing: WeekendProcessing;
  now: Date;
}

/**
 * The next check instant strictly after `now`: a run that is due exactly at `now` is the current
 * one, so a scheduler that asks again right after it ran gets the following day's.
 * DST: a check time inside a spring-forward gap runs at the first minute after the gap; a time
 * repeated at fall-back runs once, at its first occurrence. Always within 4 days.
 */
export function nextCheckTime({ checkTime, timeZone, weekendProcessing, now }: ScheduleInput): Date {
  const minutes = minuteOfDay(checkTime);
  const today = localDateOf(now, timeZone);
  // Today's time may have passed; at most two non-run days follow, so 4 days always suffice.
  for (let offset = 0; ; offset += 1) {
    const date = addDays(today, offset);
    if (!isRunDay(date, weekendProcessing)) continue;
    const candidate = instantOfWallClock(date, minutes, timeZone);
    if (candidate.getTime() > now.getTime()) return candidate;
  }
}
