import { describe, expect, it } from 'vitest';
import { adminUsersUrl } from './get-admin-users';

describe('adminUsersUrl', () => {
  it('asks for everyone without a search term', () => {
    expect(adminUsersUrl('')).toBe('/api/admin/users');
    expect(adminUsersUrl('   ')).toBe('/api/admin/users');
  });

  it('passes the trimmed term as ?search=, encoded', () => {
    expect(adminUsersUrl('  Contoso ')).toBe('/api/admin/users?search=Contoso');
    expect(adminUsersUrl('ada+test@x.com & co')).toBe('/api/admin/users?search=ada%2Btest%40x.com+%26+co');
    expect(new URL(adminUsersUrl('ada+test@x.com & co'), 'http://localhost').searchParams.get('search')).toBe('ada+test@x.com & co');
  });
});
