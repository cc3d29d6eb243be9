import type { PasswordExpirationRecord, SendManualEmailBody } from '../../../../shared/api/notifications';
import { expiryBadge } from '../../../../shared/domain/expiry-badge';
import { expiryReasonLabel } from '../../../../shared/domain/password-expiry';
import { formatDateInZone } from './format-date-time';
import { languageLabel } from './language-label';

/**
 * The expiry as an en-US date ('3/20/2025'), on the viewer's calendar unless a zone is given; a
 * password without a date says why ('Managed on-premises').
 */
export function expiryDateText(
  record: Pick<PasswordExpirationRecord, 'passwordExpiryDate' | 'expiryReason'> & { expirySource?: string | null },
  timeZone?: string,
): string {
  if (record.passwordExpiryDate === null) return expiryReasonLabel(record.expiryReason, null, record.expirySource);
  return formatDateInZone(new Date(record.passwordExpiryDate), timeZone);
}

/** 'Days remaining' in words a person reads: the count, or how long ago it expired; a dash without a date. */
export function daysRemainingText(daysUntilExpiry: number | null): string {
  if (daysUntilExpiry === null) return '—';
  return daysUntilExpiry > 0 ? String(daysUntilExpiry) : expiryBadge(daysUntilExpiry).text;
}

/** docs/product.md §API: what a row's send button posts (the expiry as the table shows it). */
export function manualEmailBody(record: PasswordExpirationRecord, timeZone?: string): SendManualEmailBody {
  return {
    userId: record.userId,
    userEmail: record.userEmail,
    displayName: record.userDisplayName,
    ...(record.daysUntilExpiry === null ? {} : { daysRemaining: record.daysUntilExpiry }),
    expirationDate: expiryDateText(record, timeZone),
  };
}

/** docs/product.md §Users table: the details toast names the user, their email, the expiry date and the days remaining. */
export function userDetails(record: PasswordExpirationRecord, timeZone?: string): { title: string; lines: [label: string, value: string][] } {
  return {
    title: record.userDisplayName || record.userEmail,
    lines: [
      ['Email', record.userEmail],
      ['Language', languageLabel(record.preferredLanguage)],
      ['Expires', expiryDateText(record, timeZone)],
      ['Days remaining', daysRemainingText(record.daysUntilExpiry)],
    ],
  };
}
