// Deterministic tenants of any size (100,000 users for benchmarks): the same options always give
// the same directory, ids, dates relative to `now`, and credentials.
import { DAY_MS } from '../shared/formats.js';
import { wholeSeconds } from './graph-time.js';
import { SimTenant, type SimDomain } from './directory.js';
import { PASSWATCH_PERMISSIONS } from './permissions.js';
import { onPremisesDomainOf } from './on-premises.js';
import { buildDevices, buildPopulation, buildSenderMailbox, buildStandardGroups } from './population.js';
import { createRandom, secretValue } from './random.js';
import type { AppRegistration, TenantBundle, TenantCredentials } from './state.js';

export interface GenerateTenantOptions {
  /** Total users, the sending mailbox included. */
  users: number;
  seed: number;
  /** "Today" for password-change dates; default: the real now. */
  now?: Date;
  tenantId?: string;
  displayName?: string;
  /** Default domain (managed); default `tenant{seed}.example.com`. */
  domain?: string;
  /** Of the default domain; null leaves it unset (the product's fallback applies). Default 90. */
  passwordValidityDays?: number | null;
  /** Every regular member changed their password this many days ago (everyone expires together). */
  massResetDaysAgo?: number;
  /** Share of members synced from on-premises AD (default 0.15); with it set, the tenant has that AD domain too. */
  syncedShare?: number;
}

export interface GeneratedTenant extends TenantBundle {
  /** A single-tenant app registration with all of Passwatch's permissions consented. */
  credentials: TenantCredentials;
}

const NEVER = 2_147_483_647;

export function generateTenant(options: GenerateTenantOptions): GeneratedTenant {
  if (!Number.isInteger(options.users) || options.users < 1) throw new Error('users must be a positive integer');
  const random = createRandom(options.seed);
  const now = (options.now ?? new Date()).getTime();
  const domain = (options.domain ?? `tenant${options.seed}.example.com`).toLowerCase();
  const initialDomain = `${(domain.split('.')[0] ?? 'tenant').replace(/[^a-z0-9]/g, '')}.onmicrosoft.com`;
  const validity = options.passwordValidityDays === undefined ? 90 : options.passwordValidityDays;
  const tenantId = options.tenantId ?? random.guid();

  const sender = buildSenderMailbox(random.guid(), domain, wholeSeconds(now - 400 * DAY_MS));
  const population = buildPopulation({
    count: options.users - 1,
    domain,
    initialDomain,
    now,
    validityDays: validity === null || validity === NEVER ? 365 : validity,
    ...(options.massResetDaysAgo === undefined ? {} : { massResetDaysAgo: options.massResetDaysAgo }),
    ...(options.syncedShare === undefined ? {} : { syncedShare: options.syncedShare }),
    random,
  });
  const devices = buildDevices(random, Math.max(1, Math.floor(options.users / 2000)));
  const groups = buildStandardGroups({
    random,
    now,
    mailDomain: domain,
    members: population.members,
    guests: population.guests,
    serviceAccounts: [sender, ...population.serviceAccounts],
    devices,
  });
  const domains: SimDomain[] = [managedDomain(domain, { isDefault: true, validity }), managedDomain(initialDomain, { isInitial: true, validity: NEVER })];
  const tenant = new SimTenant({
    id: tenantId,
    displayName: options.displayName ?? `Tenant ${options.seed}`,
    domains,
    users: [sender, ...population.users],
    groups,
    devices,
    onPremises:
      options.syncedShare === undefined ? null : onPremisesDomainOf(domain, population.users, validity === null || validity === NEVER ? null : validity),
  });

  const appId = random.guid();
  const secret = { keyId: random.guid(), value: secretValue(random.int), displayName: 'Passwatch', expiresAt: now + 730 * DAY_MS };
  const application: AppRegistration = { appId, displayName: 'Passwatch', homeTenantId: tenantId, multiTenant: false, secrets: [secret] };
  tenant.grantConsent(appId, PASSWATCH_PERMISSIONS);
  return {
    tenant,
    applications: [application],
    credentials: {
      directoryId: tenantId,
      applicationId: application.appId,
      clientSecret: secret.value,
      clientSecretId: secret.keyId,
      fromEmail: sender.userPrincipalName,
    },
  };
}

export function managedDomain(
  id: string,
  { isDefault = false, isInitial = false, validity }: { isDefault?: boolean; isInitial?: boolean; validity: number | null },
): SimDomain {
  return {
    id,
    authenticationType: 'Managed',
    isDefault,
    isInitial,
    isRoot: true,
    isVerified: true,
    passwordValidityPeriodInDays: validity,
    passwordNotificationWindowInDays: validity === null ? null : 14,
    supportedServices: isInitial ? ['Email', 'OfficeCommunicationsOnline'] : ['Email', 'OfficeCommunicationsOnline', 'Intune'],
  };
}
