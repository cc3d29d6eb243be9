import { formatDateTimeUs } from './format-date-time';

/** Next Check / Next Run: when the next scheduled check runs, or 'Not scheduled'. */
export function nextCheckText(nextCheck: string | null): string {
  return nextCheck ? formatDateTimeUs(nextCheck) : 'Not scheduled';
}

/** Last Run: when the latest check completed, or 'Never'. */
export function lastRunText(lastRun: string | null): string {
  return lastRun ? formatDateTimeUs(lastRun) : 'Never';
}
