import type { PasswordExpirationRecord, PasswordExpirationsPage } from '../../../../shared/api/notifications';

/** A users-table row: Ada, expiring in 5 days under a 90-day domain policy, never reminded. */
export function expirationRecord(overrides: Partial<PasswordExpirationRecord> = {}): PasswordExpirationRecord {
  return {
    id: 'rec-1',
    userId: 'graph-1',
    userEmail: 'ada.lovelace@contoso.com',
    userDisplayName: 'Ada King Lovelace',
    preferredLanguage: null,
    passwordExpiryDate: '2025-03-20T15:00:00.000Z',
    daysUntilExpiry: 5,
    expiryReason: 'domain_policy',
    validityDays: 90,
    expirySource: null,
    lastNotified: null,
    status: 'pending',
    reachable: true,
    latestReminder: null,
    ...overrides,
  };
}

/** The first page of the server's answer; every filter holds `total` users unless `counts` says otherwise. */
export function expirationsPage(
  records: PasswordExpirationRecord[],
  total = records.length,
  counts?: PasswordExpirationsPage['counts'],
): PasswordExpirationsPage {
  return { records, total, counts: counts ?? { expiring_soon: total, expired: total, no_date: total, all: total }, page: 1, pageSize: 25 };
}
