import { PREVIEW_USER_LIMIT, type PreviewGroupUsersResult, type PreviewStats, type PreviewUser } from '../../shared/api/directory.js';
import { BoundedSortedList } from './bounded-sorted-list.js';
import { scanDirectory, type DirectoryReader, type ScanSettings, type ScannedUser } from './scan-directory.js';

/**
 * Who the group filters select: enabled users, soonest to expire first (already expired ones at
 * the top), users without a date last; at most `limit` listed, every one counted.
 */
export async function previewDirectory(reader: DirectoryReader, settings: ScanSettings, limit = PREVIEW_USER_LIMIT): Promise<PreviewGroupUsersResult> {
  const scan = scanDirectory(reader, settings);
  const listed = new BoundedSortedList<PreviewUser>(limit, comparePreviewUsers);
  let disabledUsers = 0;
  let usersWithExpiryDate = 0;
  let expiredUsers = 0;
  let filteredUsers = 0;
  for await (const user of scan) {
    if (!user.accountEnabled) {
      disabledUsers += 1;
      continue;
    }
    filteredUsers += 1;
    if (user.daysUntilExpiry !== null) {
      usersWithExpiryDate += 1;
      if (user.daysUntilExpiry < 0) expiredUsers += 1;
    }
    listed.add(toPreviewUser(user));
  }
  const users = listed.toArray();
  const stats: PreviewStats = {
    totalUsers: scan.counts.totalUsers,
    filteredUsers,
    disabledUsers,
    usersWithExpiryDate,
    expiredUsers,
    usersWithoutExpiryDate: filteredUsers - usersWithExpiryDate,
    listedUsers: users.length,
  };
  return { users, stats };
}

function toPreviewUser(user: ScannedUser): PreviewUser {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    passwordExpiryDate: user.passwordExpiryDate,
    daysUntilExpiry: user.daysUntilExpiry,
    expiryReason: user.expiry.reason,
    validityDays: user.expiry.expires ? user.expiry.validityDays : null,
    expirySource: user.expiry.source ?? null,
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'base' });

function comparePreviewUsers(a: PreviewUser, b: PreviewUser): number {
  if (a.daysUntilExpiry !== b.daysUntilExpiry) {
    if (a.daysUntilExpiry === null) return 1;
    if (b.daysUntilExpiry === null) return -1;
    return a.daysUntilExpiry - b.daysUntilExpiry;
  }
  return (a.passwordExpiryDate ?? '').localeCompare(b.passwordExpiryDate ?? '') || byName.compare(a.displayName, b.displayName) || a.id.localeCompare(b.id);
}
