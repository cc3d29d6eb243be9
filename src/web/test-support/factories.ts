import type { AuthUser } from '../../shared/api/auth';
import type { Tenant } from '../../shared/api/tenants';

let sequence = 0;

export function buildTenant(overrides: Partial<Tenant> = {}): Tenant {
  sequence += 1;
  return {
    id: `tenant-${sequence}`,
    name: `Company ${sequence}`,
    domain: `company${sequence}.example.com`,
    role: 'owner',
    subscriptionStatus: 'none',
    subscriptionPlan: null,
    subscriptionEndsAt: null,
    trialEndsAt: null,
    paypalSubscriptionId: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function buildAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    email: `user${sequence}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    createdAt: '2025-01-15T10:00:00.000Z',
    isAdmin: false,
    tenants: [],
    ...overrides,
  };
}
