import { formatDateTimeUs } from './format-date-time';

/** Next Check / Next Run: when the next scheduled check runs (in the organization's zone), or 'Not scheduled'. */
export function nextCheckText(nextCheck: string | null, timeZone: string | undefined): string {
  return nextCheck ? formatDateTimeUs(nextCheck, timeZone) : 'Not scheduled';
}

/** Last Run: when the latest check completed (in the organization's zone), or 'Never'. */
export function lastRunText(lastRun: string | null, timeZone: string | undefined): string {
  return lastRun ? formatDateTimeUs(lastRun, timeZone) : 'Never';
}
