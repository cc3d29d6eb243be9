// When a user's password expires, or why it has no date (docs/domain.md §Password expiry). Rules in order:
// 1. accountEnabled false -> disabled.
// 2. Guest (userType 'Guest' or '#EXT#' in the UPN) -> guest; no or unreadable
//    lastPasswordChangeDateTime -> not_applicable.
// 3. Synced from on-premises AD (onPremisesSyncEnabled true) with DisablePasswordExpiration ->
//    managed_on_premises: password-hash sync stamps that flag, the real expiry lives in on-prem AD
//    and Graph cannot see it. A synced user WITHOUT the flag is one the tenant put under the cloud
//    password policy (EnforceCloudPasswordPolicyForPasswordSyncedUsers): the rules below apply
//    to them exactly as to a cloud user.
// 4. DisablePasswordExpiration among passwordPolicies -> never_expires_user_policy.
// 5. The UPN's domain (longest suffix match, subdomains inheriting; see tenant-domains.ts):
//    federated -> federated; validity 2147483647 -> never_expires_domain_policy; a validity set ->
//    domain_policy; no validity, or no matching domain -> the product's passwordValidityDays
//    (organization_default).
// 6. expiresAt = lastPasswordChangeDateTime + validity days (exact 24-hour days in UTC).
import { CONFIGURATION_DEFAULTS } from './configuration-defaults.js';
import { formatDayCount } from './day-count.js';
import { parseInstantMs } from './instant.js';
import { effectiveDomainPolicy, findUserDomain, type DirectoryDomain } from './tenant-domains.js';
import { DAY_MS } from './day-length.js';

/** A Graph `user` resource, the fields the expiry rules read. */
export interface DirectoryUser {
  accountEnabled: boolean;
  /** 'Member' | 'Guest' */
  userType: string | null;
  userPrincipalName: string;
  lastPasswordChangeDateTime: string | null;
  /** Comma-separated, e.g. 'DisablePasswordExpiration, DisableStrongPassword'. */
  passwordPolicies: string | null;
  onPremisesSyncEnabled: boolean | null;
}

export interface PasswordExpirySettings {
  /** Product fallback when the domain sets no validity (30..3650, default 365). */
  passwordValidityDays?: number;
}

export type DatedExpiryReason = 'domain_policy' | 'organization_default';
export type UndatedExpiryReason =
  | 'never_expires_user_policy'
  | 'never_expires_domain_policy'
  | 'federated'
  | 'managed_on_premises'
  | 'disabled'
  | 'guest'
  | 'not_applicable';
export type ExpiryReason = DatedExpiryReason | UndatedExpiryReason;

export type PasswordExpiry =
  | {
      expires: true;
      /** ISO 8601 UTC. */
      expiresAt: string;
      reason: DatedExpiryReason;
      validityDays: number;
      /** The tenant domain that decided, or null when no tenant domain matched the UPN. */
      domain: string | null;
    }
  | { expires: false; reason: UndatedExpiryReason };

/** Int32 max: Microsoft's value for "passwords never expire" on a domain. */
export const NEVER_EXPIRES_VALIDITY_DAYS = 2_147_483_647;

export function computePasswordExpiry(user: DirectoryUser, domains: readonly DirectoryDomain[], settings: PasswordExpirySettings = {}): PasswordExpiry {
  if (!user.accountEnabled) return { expires: false, reason: 'disabled' };
  if (isGuest(user)) return { expires: false, reason: 'guest' };
  const lastChange = user.lastPasswordChangeDateTime === null ? Number.NaN : parseInstantMs(user.lastPasswordChangeDateTime);
  if (Number.isNaN(lastChange)) return { expires: false, reason: 'not_applicable' };
  const neverExpiresForUser = hasDisablePasswordExpiration(user.passwordPolicies);
  if (neverExpiresForUser && user.onPremisesSyncEnabled === true) return { expires: false, reason: 'managed_on_premises' };
  if (neverExpiresForUser) return { expires: false, reason: 'never_expires_user_policy' };

  const domain = findUserDomain(user.userPrincipalName, domains);
  const policy = domain ? effectiveDomainPolicy(domain, domains) : { federated: false, passwordValidityPeriodInDays: null };
  if (policy.federated) return { expires: false, reason: 'federated' };
  if (policy.passwordValidityPeriodInDays === NEVER_EXPIRES_VALIDITY_DAYS) {
    return { expires: false, reason: 'never_expires_domain_policy' };
  }
  const fromDomain = policy.passwordValidityPeriodInDays !== null;
  const validityDays = policy.passwordValidityPeriodInDays ?? settings.passwordValidityDays ?? CONFIGURATION_DEFAULTS.passwordValidityDays;
  return {
    expires: true,
    expiresAt: new Date(lastChange + validityDays * DAY_MS).toISOString(),
    reason: fromDomain ? 'domain_policy' : 'organization_default',
    validityDays,
    domain: domain?.id ?? null,
  };
}

function isGuest(user: DirectoryUser): boolean {
  return user.userType?.toLowerCase() === 'guest' || user.userPrincipalName.toUpperCase().includes('#EXT#');
}

/** 'DisablePasswordExpiration' as one entry of the comma-separated list, any case. */
export function hasDisablePasswordExpiration(passwordPolicies: string | null): boolean {
  return (passwordPolicies ?? '').split(',').some((policy) => policy.trim().toLowerCase() === 'disablepasswordexpiration');
}

/**
 * What the UI shows as the source of a date or the reason there is none. The dated reasons
 * name their validity when given: 'Domain policy (90 days)', 'Organization default (365 days)'.
 */
export function expiryReasonLabel(reason: ExpiryReason, validityDays?: number | null): string {
  const days = validityDays === undefined || validityDays === null ? '' : ` (${formatDayCount(validityDays)})`;
  switch (reason) {
    case 'domain_policy':
      return `Domain policy${days}`;
    case 'organization_default':
      return `Organization default${days}`;
    case 'never_expires_user_policy':
      return 'Never expires (user policy)';
    case 'never_expires_domain_policy':
      return 'Never expires (domain policy)';
    case 'federated':
      return 'Managed by federation';
    case 'managed_on_premises':
      return 'Managed on-premises';
    case 'disabled':
      return 'Disabled';
    case 'guest':
      return 'Guest';
    case 'not_applicable':
      return 'No password change date';
  }
}
