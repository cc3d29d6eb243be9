// When a user's password expires, or why it has no date (docs/domain.md §Password expiry). Rules in order:
// 1. accountEnabled false -> disabled.
// 2. Guest (userType 'Guest' or '#EXT#' in the UPN) -> guest; no or unreadable
//    lastPasswordChangeDateTime -> not_applicable.
// 3. Synced from on-premises AD (onPremisesSyncEnabled true) with DisablePasswordExpiration:
//    password-hash sync stamps that flag, the real expiry lives in on-prem AD. What the connector
//    or a declared policy tells decides (on-premises-expiry.ts); without either ->
//    managed_on_premises. A synced user WITHOUT the flag is one the tenant put under the cloud
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
import { onPremisesExpiry, type OnPremisesInput } from './on-premises-expiry.js';

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
  /** What is known on-premises about this user (synced users only); absent: nothing. */
  onPremises?: OnPremisesInput;
  /** Epoch ms of the check (an on-premises account past its expiry is disabled); default Date.now(). */
  nowMs?: number;
}

export type DatedExpiryReason = 'domain_policy' | 'organization_default' | 'on_premises_domain_policy' | 'on_premises_pso' | 'on_premises_estimated';
export type UndatedExpiryReason =
  | 'on_premises_never_expires'
  | 'on_premises_must_change'
  | 'on_premises_changed'
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
      /** What decided besides the reason: the PSO's or AD domain's name, the declared group. */
      source?: string | null;
    }
  | {
      expires: false;
      reason: UndatedExpiryReason;
      /** What the reason refers to: the AD domain or PSO, or since when the connector is silent. */
      source?: string | null;
    };

/** Int32 max: Microsoft's value for "passwords never expire" on a domain. */
export const NEVER_EXPIRES_VALIDITY_DAYS = 2_147_483_647;

export function computePasswordExpiry(user: DirectoryUser, domains: readonly DirectoryDomain[], settings: PasswordExpirySettings = {}): PasswordExpiry {
  if (!user.accountEnabled) return { expires: false, reason: 'disabled' };
  if (isGuest(user)) return { expires: false, reason: 'guest' };
  const lastChange = user.lastPasswordChangeDateTime === null ? Number.NaN : parseInstantMs(user.lastPasswordChangeDateTime);
  if (Number.isNaN(lastChange)) return { expires: false, reason: 'not_applicable' };
  const neverExpiresForUser = hasDisablePasswordExpiration(user.passwordPolicies);
  if (neverExpiresForUser && user.onPremisesSyncEnabled === true) {
    const onPremises = onPremisesExpiry(settings.onPremises ?? { record: null, declared: null }, lastChange, settings.nowMs ?? Date.now());
    return onPremises.expires ? { ...onPremises, domain: null } : onPremises;
  }
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
export function expiryReasonLabel(reason: ExpiryReason, validityDays?: number | null, source?: string | null): string {
  const days = validityDays === undefined || validityDays === null ? '' : ` (${formatDayCount(validityDays)})`;
  const named = (label: string) => (source ? `${label} (${source})` : label);
  switch (reason) {
    case 'on_premises_domain_policy':
      return `On-premises domain policy${source ? ` of ${source}` : ''}${days}`;
    case 'on_premises_pso':
      return `On-premises PSO${source ? ` "${source}"` : ''}${days}`;
    case 'on_premises_estimated':
      return `Estimated: ${source ?? 'declared on-premises policy'}${days}`;
    case 'on_premises_never_expires':
      return named('Never expires (on-premises)');
    case 'on_premises_must_change':
      return 'Must change at next sign-in (on-premises)';
    case 'on_premises_changed':
      return named('Changed since the on-premises snapshot');
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
      return named('Managed on-premises');
    case 'disabled':
      return 'Disabled';
    case 'guest':
      return 'Guest';
    case 'not_applicable':
      return 'No password change date';
  }
}
