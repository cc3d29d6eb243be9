import { USERS_EXPORT_LIMIT, usersExportFileName, type PasswordExpirationsExportQuery } from '../../shared/api/notifications.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { expiryBadge, rowStatus } from '../../shared/domain/expiry-badge.js';
import { expiryReasonLabel } from '../../shared/domain/password-expiry.js';
import { formatDateUs } from '../../shared/domain/us-format.js';
import type { Database } from '../db/client.js';
import { toCsv } from '../http/csv.js';
import { pagePasswordExpirations } from './password-expiration-records.js';

const HEADER = ['User', 'Email', 'Expires In', 'Expiry Date', 'Reason', 'Last Notified', 'Latest Reminder', 'Status'] as const;

/**
 * The users table as a spreadsheet (docs/product.md §Users table): every user the table lists under
 * the filter and search, not only the page on screen, in its order, with its columns' texts.
 * Dates are the organization's; Last Notified is an ISO 8601 instant, which spreadsheets sort.
 */
export async function usersTableCsv(
  db: Database,
  tenantId: string,
  query: PasswordExpirationsExportQuery,
  now: Date,
): Promise<{ csv: string; fileName: string }> {
  const {
    page: { records },
    timeZone,
  } = await pagePasswordExpirations(db, tenantId, { ...query, page: 1, pageSize: USERS_EXPORT_LIMIT }, now);
  const rows = records.map((record) => [
    record.userDisplayName,
    record.userEmail,
    record.daysUntilExpiry === null ? 'No date' : expiryBadge(record.daysUntilExpiry).text,
    record.passwordExpiryDate ? formatDateUs(record.passwordExpiryDate, timeZone) : '',
    expiryReasonLabel(record.expiryReason, record.validityDays, record.expirySource),
    record.lastNotified ?? 'Never',
    record.latestReminder?.state ?? '',
    rowStatus(record),
  ]);
  return { csv: toCsv(HEADER, rows), fileName: usersExportFileName(query.filter, localDateOf(now, timeZone)) };
}
