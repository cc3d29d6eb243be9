import { formatDateTimeUs } from '@/features/overview/utils/format-date-time';

/** What a projection says it was computed from: the latest check's users table, not the live directory. */
export function basedOnText(basedOn: string | null, timeZone: string): string {
  return basedOn === null
    ? 'No check has run yet: run one (Run Now) so there is a directory to project from.'
    : `Based on the directory as of ${formatDateTimeUs(basedOn, timeZone)} (the latest check); users who change their password or join later are not foreseen.`;
}
