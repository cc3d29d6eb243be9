// "Days remaining" counts calendar days on the organization's wall calendar, not 24-hour blocks:
// a password that expires at 23:00 tonight has 0 days left, one that expires at 00:30 tomorrow has 1,
// and a 23- or 25-hour DST day still counts as one day.
import { daysBetween, type LocalDate } from './local-date.js';
import { toDate, type Instant } from './instant.js';
import { localDateOfWallClock, wallClockOf } from './zoned-time.js';

/** The calendar date ('YYYY-MM-DD') that `timeZone`'s wall clock shows at `instant`. */
export function localDateOf(instant: Instant, timeZone: string): LocalDate {
  return localDateOfWallClock(wallClockOf(toDate(instant), timeZone));
}

/** Calendar days from today to the expiry day, both in `timeZone`: later today 0, tomorrow 1, yesterday -1. */
export function daysUntilExpiry(expiresAt: Instant, now: Instant, timeZone: string): number {
  return daysBetween(localDateOf(now, timeZone), localDateOf(expiresAt, timeZone));
}
