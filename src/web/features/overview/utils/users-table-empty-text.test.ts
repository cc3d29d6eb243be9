import { describe, expect, it } from 'vitest';
import { usersTableEmptyText } from './users-table-empty-text';

describe('usersTableEmptyText', () => {
  it('says the check found nobody when there is no search', () => {
    expect(usersTableEmptyText('')).toBe('No users with expiring passwords.');
    expect(usersTableEmptyText('   ')).toBe('No users with expiring passwords.');
  });

  it('says nobody matched when there is a search', () => {
    expect(usersTableEmptyText('ada')).toBe('No users found matching your search.');
  });

  it('names the filter when it holds nobody', () => {
    expect(usersTableEmptyText('', 'expired')).toBe('No users with expired passwords.');
    expect(usersTableEmptyText('', 'no_date')).toBe('No users whose password has no expiry date.');
    expect(usersTableEmptyText('', 'all')).toBe('No users in the latest password check.');
    expect(usersTableEmptyText('ada', 'expired')).toBe('No users found matching your search.');
  });
});
