import type { PasswordExpirationFilter } from '../../../../shared/api/notifications';

const EMPTY_FILTER_TEXTS: Record<PasswordExpirationFilter, string> = {
  expiring_soon: 'No users with expiring passwords.',
  expired: 'No users with expired passwords.',
  no_date: 'No users whose password has no expiry date.',
  all: 'No users in the latest password check.',
};

/**
 * docs/product.md §Users table: what the users table says when a page has no rows. A blank search means the
 * latest check found nobody under the filter (the documented text for the default one); otherwise
 * nobody matched the search.
 */
export function usersTableEmptyText(search: string, filter: PasswordExpirationFilter = 'expiring_soon'): string {
  return search.trim() === '' ? EMPTY_FILTER_TEXTS[filter] : 'No users found matching your search.';
}

/** The users table before any password check has completed: there is nothing to list yet. */
export const NO_CHECK_YET_TEXT = 'No password check has run yet. Save the configuration, then press Run Now to list the users.';
