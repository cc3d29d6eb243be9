import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays, type LocalDate } from '../../shared/domain/local-date.js';
import { instantOfWallClock } from '../../shared/domain/zoned-time.js';

/** "Today" in a time zone: its date and the instant it began. */
export interface ZonedToday {
  today: LocalDate;
  startOfToday: Date;
}

// The day each zone is in, with the instant the next begins: working a day out asks the time zone
// database for several offsets, which the dashboard's routes would otherwise do on every request
// (docs/architecture.md §API performance). A calendar fact, not an answer: it holds until the
// next midnight of the zone, whatever the organization's data. The map starts over past its bound.
const days = new Map<string, ZonedToday & { startOfTomorrowMs: number }>();
const MAX_ZONES = 1_000;

/** Whether a value counted from `today` in `timeZone` is still of today at `now` (a kept read's isCurrent). */
export function stillToday(now: Date): (counted: { timeZone: string; today: string }) => boolean {
  return (counted) => todayIn(counted.timeZone, now).today === counted.today;
}

/** Today in `timeZone` at `now`: its date, and the instant it began (a shared Date: do not change it). */
export function todayIn(timeZone: string, now: Date): ZonedToday {
  const nowMs = now.getTime();
  const known = days.get(timeZone);
  if (known && nowMs >= known.startOfToday.getTime() && nowMs < known.startOfTomorrowMs) return known;
  const today = localDateOf(now, timeZone);
  const day = {
    today,
    startOfToday: instantOfWallClock(today, 0, timeZone),
    startOfTomorrowMs: instantOfWallClock(addDays(today, 1), 0, timeZone).getTime(),
  };
  if (days.size >= MAX_ZONES) days.clear();
  days.set(timeZone, day);
  return day;
}
