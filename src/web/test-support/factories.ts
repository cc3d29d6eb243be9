import type { AuthUser } from '../../shared/api/auth';
import type { DashboardStats } from '../../shared/api/dashboard';
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

/** A configured organization with automation on, a check run and the next one scheduled. */
export function buildDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    activeUsers: 1234,
    expiringSoon: 7,
    emailsSentToday: 3,
    nextCheck: '2025-03-16T13:00:00.000Z',
    lastRun: '2025-03-15T13:00:00.000Z',
    automationEnabled: true,
    connectionStatus: 'connected',
    configured: true,
    ...overrides,
  };
}
