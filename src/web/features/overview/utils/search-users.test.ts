import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchUsers } from './search-users';

const users = [
  { id: '1', userDisplayName: 'Ada Lovelace', userEmail: 'ada@contoso.com' },
  { id: '2', userDisplayName: 'Grace Hopper', userEmail: 'grace.hopper@contoso.com' },
  { id: '3', userDisplayName: null, userEmail: 'svc-backup@contoso.com' },
];
const ids = (list: readonly { id: string }[]) => list.map((user) => user.id);

describe('searchUsers', () => {
  it('matches the display name, ignoring case', () => {
    expect(ids(searchUsers(users, 'LOVE'))).toEqual(['1']);
  });

  it('matches the email, ignoring case', () => {
    expect(ids(searchUsers(users, 'Grace.H'))).toEqual(['2']);
    expect(ids(searchUsers(users, 'backup'))).toEqual(['3']);
  });

  it('keeps everyone for an empty or blank query, and no one for a query nobody matches', () => {
    expect(ids(searchUsers(users, ''))).toEqual(['1', '2', '3']);
    expect(ids(searchUsers(users, '   '))).toEqual(['1', '2', '3']);
    expect(searchUsers(users, 'nobody')).toEqual([]);
  });

  it('finds every user by any part of their name or email, in any case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...users), fc.boolean(), fc.nat(), fc.nat(), (user, useName, a, b) => {
        const text = useName && user.userDisplayName ? user.userDisplayName : user.userEmail;
        const [start, end] = [a % text.length, b % text.length].sort((x, y) => x - y) as [number, number];
        const part = text.slice(start, end + 1).toUpperCase();
        expect(ids(searchUsers(users, part))).toContain(user.id);
      }),
    );
  });
});
