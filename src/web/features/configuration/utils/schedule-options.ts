import type { WeekendProcessing } from '../../../../shared/domain/schedule';
import { TIME_ZONE_OPTIONS } from '../../../../shared/domain/time-zones';

/** The weekend setting's choices, worded by what each does (see shared/domain/reminder-window.ts). */
export const WEEKEND_PROCESSING_OPTIONS: readonly { value: WeekendProcessing; label: string; description: string }[] = [
  { value: 'skip', label: 'Skip weekends', description: 'No checks on Saturday or Sunday; reminders due then are not sent.' },
  { value: 'include', label: 'Include weekends', description: 'Checks run every day of the week.' },
  {
    value: 'weekdays',
    label: 'Weekdays, covering the weekend on Friday',
    description: "Checks run Monday to Friday; Friday's run also sends the reminders due on Saturday and Sunday.",
  },
];

/** The time zone select's extra choice: type or search any IANA zone. */
export const OTHER_TIME_ZONE = 'other';

/** Whether a stored zone is one of the five offered choices (else the "other" input shows it). */
export function isOfferedTimeZone(timeZone: string): boolean {
  return TIME_ZONE_OPTIONS.some((option) => option.value === timeZone);
}

/** Every IANA zone the browser knows, for the searchable list; empty where Intl cannot list them. */
export function listIanaTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
