import { PREVIEW_USER_LIMIT, type PreviewGroupUsersResult, type PreviewStats, type PreviewUser } from '../../shared/api/directory.js';
import { BoundedSortedList } from './bounded-sorted-list.js';
import { scanDirectory, type DirectoryReader, type ScanSettings, type ScannedUser } from './scan-directory.js';

/**
 * Who the group filters select: enabled users in the users table's default order (see
 * comparePreviewUsers); at most `limit` listed, every one counted.
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

/**
 * The users table's default order (docs/product.md §Users table): passwords still to expire, soonest
 * first; then expired ones, most recent first; users without a date last. So a directory with many
 * long-expired users still lists first the ones a reminder can help, also when the list is cut.
 */
function comparePreviewUsers(a: PreviewUser, b: PreviewUser): number {
  const rank = urgencyRank(a) - urgencyRank(b);
  if (rank !== 0) return rank;
  if (a.daysUntilExpiry !== b.daysUntilExpiry && a.daysUntilExpiry !== null && b.daysUntilExpiry !== null) {
    return a.daysUntilExpiry >= 0 ? a.daysUntilExpiry - b.daysUntilExpiry : b.daysUntilExpiry - a.daysUntilExpiry;
  }
  return (a.passwordExpiryDate ?? '').localeCompare(b.passwordExpiryDate ?? '') || byName.compare(a.displayName, b.displayName) || a.id.localeCompare(b.id);
}

/** 0: still to expire, 1: expired, 2: no expiry date. */
function urgencyRank(user: PreviewUser): number {
  if (user.daysUntilExpiry === null) return 2;
  return user.daysUntilExpiry >= 0 ? 0 : 1;
}
