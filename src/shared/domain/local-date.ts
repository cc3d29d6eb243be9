// Calendar dates without a time or a zone ('YYYY-MM-DD'), as an organization's wall calendar
// shows them. Arithmetic runs on UTC midnights, where every day has exactly 24 hours.
import { DAY_MS } from './day-length.js';

/** A calendar date written 'YYYY-MM-DD'. */
export type LocalDate = string;

/** 0 = Sunday ... 6 = Saturday, like Date.prototype.getUTCDay. */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function formatLocalDate(year: number, month: number, day: number): LocalDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True for a real calendar date in 'YYYY-MM-DD' form ('2023-02-29' is not one). */
export function isLocalDate(value: string): boolean {
  return !Number.isNaN(utcMidnightOrNaN(value));
}

/** Milliseconds of the date's UTC midnight; throws RangeError for anything but a real date. */
export function utcMidnightOf(date: LocalDate): number {
  const ms = utcMidnightOrNaN(date);
  if (Number.isNaN(ms)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return ms;
}

export function localDateOfUtcMidnight(ms: number): LocalDate {
  const d = new Date(ms);
  return formatLocalDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return localDateOfUtcMidnight(utcMidnightOf(date) + days * DAY_MS);
}

/** Whole days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((utcMidnightOf(to) - utcMidnightOf(from)) / DAY_MS);
}

export function dayOfWeek(date: LocalDate): DayOfWeek {
  return new Date(utcMidnightOf(date)).getUTCDay() as DayOfWeek;
}

function utcMidnightOrNaN(value: string): number {
  const match = LOCAL_DATE_PATTERN.exec(value);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(0);
  // setUTCFullYear keeps years 0..99 literal (Date.UTC would map them to 1900..1999).
  d.setUTCFullYear(year, month - 1, day);
  const roundTrips = d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
  return roundTrips ? d.getTime() : Number.NaN;
}
