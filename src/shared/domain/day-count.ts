/** '1 day', '0 days', '14 days': English plural unless exactly one. */
export function formatDayCount(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}
