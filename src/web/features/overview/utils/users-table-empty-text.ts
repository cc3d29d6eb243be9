/**
 * Spec section 2: what the users table says when a page has no rows. A blank search means the
 * latest check found nobody; otherwise nobody matched the search.
 */
export function usersTableEmptyText(search: string): string {
  return search.trim() === '' ? 'No users with expiring passwords.' : 'No users found matching your search.';
}
