// The reminder days as the card's text fields show them ('14, 7, 1, 0') and as the API takes them.
// Whatever is not a whole number is sent as written (NaN becomes null in JSON), so the server's
// message names the problem instead of the browser silently dropping it.

export function formatDayList(days: readonly number[]): string {
  return days.join(', ');
}

export function parseDayList(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter((token) => token !== '')
    .map((token) => (/^-?\d+$/.test(token) ? Number(token) : Number.NaN));
}

/** 'Expiry day', '1 day before', '3 days after': how a threshold (negative after the expiry) reads. */
export function describeThreshold(threshold: number): string {
  if (threshold === 0) return 'Expiry day';
  const days = Math.abs(threshold);
  return `${days} ${days === 1 ? 'day' : 'days'} ${threshold > 0 ? 'before' : 'after'}`;
}
