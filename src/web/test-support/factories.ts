import type { AuthUser } from '../../shared/api/auth';
import type { Configuration } from '../../shared/api/configuration';
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

/** A saved configuration for the Contoso demo tenant with a client secret (in our names, as the web reads it). */
export function buildConfiguration(overrides: Partial<Configuration> = {}): Configuration {
  return {
    configured: true,
    connectionMethod: 'app_registration',
    entraTenantId: 'contoso.onmicrosoft.com',
    azureDirectoryId: '3f2a9c71-5d4e-4b8a-9e1f-6c7d8a2b4e90',
    applicationId: 'a7c3e9f1-2b4d-4e6a-8c1f-3d5b7a9e2c64',
    hasClientSecret: true,
    clientSecretUpdatedAt: '2025-03-01T15:00:00.000Z',
    clientSecretExpiresAt: null,
    fromEmail: 'passwatch@contoso.com',
    emailTemplate: '<p>Hello {{userName}}</p>',
    checkTime: '08:00',
    timeZone: 'America/New_York',
    daysBeforeExpiration: 7,
    weekendProcessing: 'skip',
    automationEnabled: true,
    includeGroups: [],
    excludeGroups: [],
    passwordValidityDays: 365,
    updatedAt: '2025-03-01T15:00:00.000Z',
    ...overrides,
  };
}
