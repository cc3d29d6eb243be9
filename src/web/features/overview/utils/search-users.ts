interface SearchableUser {
  userDisplayName: string | null;
  userEmail: string;
}

/**
 * Spec section 2: the users table's search keeps users whose display name or email contains the
 * query, ignoring case (and surrounding spaces). An empty query keeps everyone.
 */
export function searchUsers<T extends SearchableUser>(users: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...users];
  return users.filter(
    (user) => (user.userDisplayName ?? '').toLocaleLowerCase().includes(needle) || user.userEmail.toLocaleLowerCase().includes(needle),
  );
}
