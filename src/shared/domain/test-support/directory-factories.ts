// Graph users and domains for the expiry tests, with overrides.
import type { DirectoryUser } from '../password-expiry.js';
import type { DirectoryDomain } from '../tenant-domains.js';

export function buildUser(overrides: Partial<DirectoryUser> = {}): DirectoryUser {
  return {
    accountEnabled: true,
    userType: 'Member',
    userPrincipalName: 'ada@contoso.com',
    lastPasswordChangeDateTime: '2024-01-10T09:30:00Z',
    passwordPolicies: null,
    onPremisesSyncEnabled: null,
    ...overrides,
  };
}

export function buildDomain(id: string, overrides: Partial<DirectoryDomain> = {}): DirectoryDomain {
  return {
    id,
    isDefault: false,
    isInitial: false,
    isRoot: true,
    isVerified: true,
    authenticationType: 'Managed',
    passwordValidityPeriodInDays: null,
    passwordNotificationWindowInDays: null,
    ...overrides,
  };
}
