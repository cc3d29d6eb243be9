/**
 * '3/15/2025, 9:05 AM EDT' (en-US dates, docs/product.md §Constants), in the organization's time zone and
 * labelled with it: a dashboard mixing zones without saying which misleads the admin. Falls back
 * to the viewer's zone (still labelled) while the organization's is unknown; '' for a value that
 * is not a date.
 */
export function formatDateTimeUs(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    month: 'numeric',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
}
