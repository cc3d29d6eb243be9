// Converting between instants and an IANA zone's wall clock with Intl alone (no date library).
// The zone's UTC offset at an instant is read from Intl.DateTimeFormat; the reverse direction
// (wall clock -> instant) tries the offsets in force around that time and resolves DST gaps and
// overlaps explicitly.
import { formatLocalDate, utcMidnightOf, type LocalDate } from './local-date.js';
import { DAY_MS } from './day-length.js';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MS_PER_MINUTE = 60_000;

// Building a DateTimeFormat is costly; one per zone is reused.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// formatToParts is the costly step of every conversion, and a busy server asks for the same few
// readings over and over (each dashboard request counts days from "now" in the organization's
// zone, and its check time resolves to the same instants all day). A reading is exact to the
// second, so it is kept by zone and second; the map is emptied when it grows past its bound.
const readings = new Map<string, WallClock>();
const MAX_READINGS = 2_000;

/** The wall-clock reading in `timeZone` at `instant` (whole seconds). */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const key = `${Math.floor(instant.getTime() / 1000)} ${timeZone}`;
  let reading = readings.get(key);
  if (!reading) {
    reading = readWallClock(instant, timeZone);
    if (readings.size >= MAX_READINGS) readings.clear();
    readings.set(key, reading);
  }
  return { ...reading };
}

function readWallClock(instant: Date, timeZone: string): WallClock {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? Number.NaN,
    month: fields.month ?? Number.NaN,
    day: fields.day ?? Number.NaN,
    hour: fields.hour ?? Number.NaN,
    minute: fields.minute ?? Number.NaN,
    second: fields.second ?? Number.NaN,
  };
}

export function localDateOfWallClock(clock: WallClock): LocalDate {
  return formatLocalDate(clock.year, clock.month, clock.day);
}

/** The wall clock written as if it were UTC, in ms: lets wall clocks be compared and subtracted. */
function wallClockAsUtcMs(clock: WallClock): number {
  const d = new Date(0);
  d.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  d.setUTCHours(clock.hour, clock.minute, clock.second, 0);
  return d.getTime();
}

/** Offset of `timeZone` from UTC at `instant`, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return wallClockAsUtcMs(wallClockOf(new Date(wholeSecond), timeZone)) - wholeSecond;
}

/**
 * The instant at which `timeZone`'s wall clock reads `minuteOfDay` minutes after midnight on `date`.
 * - Repeated time (fall-back overlap): the first occurrence.
 * - Missing time (spring-forward gap): the first minute after the gap, i.e. the transition itself
 *   (New York 2024-03-10 02:30 -> 03:00 EDT; Lord Howe's 02:15 in its 30-minute gap -> 02:30).
 */
export function instantOfWallClock(date: LocalDate, minuteOfDay: number, timeZone: string): Date {
  const target = utcMidnightOf(date) + minuteOfDay * MS_PER_MINUTE;
  // Every real offset lies within +-14 h, so the instant sought lies inside target +- 1 day; the
  // offsets in force at both ends cover the one transition (if any) that can affect it.
  const offsetBefore = zoneOffsetMs(target - DAY_MS, timeZone);
  const offsetAfter = zoneOffsetMs(target + DAY_MS, timeZone);
  const exact = [target - offsetBefore, target - offsetAfter].filter((instant) => zoneOffsetMs(instant, timeZone) === target - instant);
  if (exact.length > 0) return new Date(Math.min(...exact));
  return new Date(firstInstantReaching(target, offsetBefore, offsetAfter, timeZone));
}

// Inside a gap, the wall clock runs from before the target to after it in one jump; the first whole
// minute whose wall clock has passed the target is the transition instant.
function firstInstantReaching(target: number, offsetA: number, offsetB: number, timeZone: string): number {
  let low = Math.floor((target - Math.max(offsetA, offsetB)) / MS_PER_MINUTE);
  let high = Math.ceil((target - Math.min(offsetA, offsetB)) / MS_PER_MINUTE);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const instant = middle * MS_PER_MINUTE;
    if (instant + zoneOffsetMs(instant, timeZone) >= target) high = middle;
    else low = middle + 1;
  }
  return high * MS_PER_MINUTE;
}
