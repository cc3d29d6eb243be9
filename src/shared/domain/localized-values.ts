// Dates and numbers in a reminder, written for the recipient's locale (docs/product.md §Reminder
// languages): '27. November 2026' in de-DE, '2026年11月27日' in ja-JP, 'November 27, 2026' in en-US.
import { utcMidnightOf, type LocalDate } from './local-date.js';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, create: () => T): T {
  let format = cache.get(locale);
  if (!format) {
    format = create();
    cache.set(locale, format);
  }
  return format;
}

/**
 * A day of the organization's calendar (already counted in its time zone), spelled out in `locale`.
 * Formatted at its UTC midnight in UTC, so no zone can move it to another day.
 */
export function formatLocalDateFor(date: LocalDate, locale: string): string {
  return cached(dateFormats, locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })).format(utcMidnightOf(date));
}

/** A whole number in `locale`'s digits and grouping. */
export function formatNumberFor(value: number, locale: string): string {
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(value);
}
