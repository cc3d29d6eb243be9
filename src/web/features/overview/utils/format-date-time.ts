/**
 * One formatter per zone and kind, reused: building an Intl.DateTimeFormat costs far more than
 * formatting with it, and `toLocaleString` with options builds one on every call (once per row of
 * the users table, docs/architecture.md §Web performance). An unknown zone still throws a RangeError.
 */
function cachedFormat(cache: Map<string, Intl.DateTimeFormat>, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(key, format);
  }
  return format;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * '3/15/2025, 9:05 AM EDT' (en-US dates, docs/product.md §Constants), in the organization's time zone and
 * labelled with it: a dashboard mixing zones without saying which misleads the admin. Falls back
 * to the viewer's zone (still labelled) while the organization's is unknown; '' for a value that
 * is not a date.
 */
export function formatDateTimeUs(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return cachedFormat(dateTimeFormats, timeZone, {
    month: 'numeric',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** '3/20/2025': an en-US date in `timeZone`, the viewer's when undefined; 'Invalid Date' as toLocaleDateString says it. */
export function formatDateInZone(date: Date, timeZone: string | undefined): string {
  if (Number.isNaN(date.getTime())) return String(date);
  return cachedFormat(dateFormats, timeZone, {}).format(date);
}
