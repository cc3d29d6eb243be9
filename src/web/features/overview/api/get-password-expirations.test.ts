import { describe, expect, it } from 'vitest';
import { passwordExpirationsPageKey, passwordExpirationsUrl } from './get-password-expirations';
import { passwordExpirationsQueryKey } from './overview-query-keys';

describe('passwordExpirationsUrl', () => {
  const view = { filter: 'expiring_soon', sort: 'expiry', direction: 'asc' } as const;

  it('asks for the filter, the order, the page, its size and the search, encoded', () => {
    expect(passwordExpirationsUrl({ filter: 'expired', sort: 'name', direction: 'desc', page: 2, pageSize: 25, search: 'Ada & 100%' })).toBe(
      '/api/password-expirations?filter=expired&sort=name&direction=desc&page=2&pageSize=25&search=Ada+%26+100%25',
    );
  });

  it('leaves an empty search out', () => {
    expect(passwordExpirationsUrl({ ...view, page: 1, pageSize: 25, search: '' })).toBe(
      '/api/password-expirations?filter=expiring_soon&sort=expiry&direction=asc&page=1&pageSize=25',
    );
  });
});

describe('passwordExpirationsPageKey', () => {
  it('sits under the prefix a check invalidates', () => {
    const request = { filter: 'expiring_soon', sort: 'expiry', direction: 'asc', page: 3, pageSize: 25, search: 'ada' } as const;
    const key = passwordExpirationsPageKey(request);
    expect(key.slice(0, passwordExpirationsQueryKey.length)).toEqual([...passwordExpirationsQueryKey]);
    expect(key).not.toEqual(passwordExpirationsPageKey({ ...request, search: 'grace' }));
    expect(key).not.toEqual(passwordExpirationsPageKey({ ...request, filter: 'all' }));
    expect(key).not.toEqual(passwordExpirationsPageKey({ ...request, direction: 'desc' }));
  });
});
