import { describe, expect, it } from 'vitest';
import { passwordExpirationsPageKey, passwordExpirationsUrl } from './get-password-expirations';
import { passwordExpirationsQueryKey } from './overview-query-keys';

describe('passwordExpirationsUrl', () => {
  it('asks for the page, its size and the search, encoded', () => {
    expect(passwordExpirationsUrl({ page: 2, pageSize: 25, search: 'Ada & 100%' })).toBe('/api/password-expirations?page=2&pageSize=25&search=Ada+%26+100%25');
  });

  it('leaves an empty search out', () => {
    expect(passwordExpirationsUrl({ page: 1, pageSize: 25, search: '' })).toBe('/api/password-expirations?page=1&pageSize=25');
  });
});

describe('passwordExpirationsPageKey', () => {
  it('sits under the prefix a check invalidates', () => {
    const key = passwordExpirationsPageKey({ page: 3, pageSize: 25, search: 'ada' });
    expect(key.slice(0, passwordExpirationsQueryKey.length)).toEqual([...passwordExpirationsQueryKey]);
    expect(key).not.toEqual(passwordExpirationsPageKey({ page: 3, pageSize: 25, search: 'grace' }));
  });
});
