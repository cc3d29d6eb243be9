/**
 * '3/15/2025, 9:05 AM' (spec section 9: en-US dates), in the viewer's time zone unless one is
 * given; '' for a value that is not a date.
 */
export function formatDateTimeUs(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { month: 'numeric', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
}
