// The expiry of a user synced from on-premises Active Directory (docs/domain.md §Hybrid
// directories). Password-hash sync stamps DisablePasswordExpiration on every synced user, so Graph
// alone cannot date them; the domain controller can, and the Passwatch Connector sends what it
// computed. In order, for a synced user with that flag:
// 1. A matched AD record from a fresh snapshot:
//    disabled (userAccountControl 0x2) or account expired -> disabled;
//    0x10000 (password never expires) or msDS-UserPasswordExpiryTimeComputed = 2^63-1 -> never;
//    computed = 0 -> must change now;
//    Graph saw a password change after the snapshot (later than its pwdLastSet plus the sync lag,
//    and after it was taken) -> changed since the snapshot, no date until a newer one;
//    else the DC's date, from the PSO it names or the domain policy.
// 2. A matched record whose snapshot is stale -> managed on-premises, "connector silent since".
// 3. No record, and a declared policy -> estimated from lastPasswordChangeDateTime.
// 4. Otherwise managed on-premises (Graph cannot see the date).
// 64-bit AD values are BigInt throughout; only a finished instant becomes a JavaScript number.
import { DAY_MS } from './day-length.js';
import { utcMinute } from './utc-minute.js';

/** 100-ns intervals between 1601-01-01 and 1970-01-01 UTC. */
const FILETIME_UNIX_EPOCH = 116_444_736_000_000_000n;
const FILETIME_PER_MS = 10_000n;
const FILETIME_PER_DAY = 864_000_000_000n;
export const FILETIME_MAX = 9_223_372_036_854_775_807n;

/** userAccountControl flags (MS-ADTS 2.2.16). */
export const UF_ACCOUNTDISABLE = 0x2;
export const UF_DONT_EXPIRE_PASSWD = 0x10000;

/**
 * How much later than pwdLastSet Graph may show the same change: password-hash sync runs every two
 * minutes, an hour covers a slow cycle. A later Graph change is a new one the snapshot missed.
 */
export const SYNC_LAG_MS = 60 * 60 * 1000;

/** Default age after which a snapshot is stale and no longer dates anyone. */
export const DEFAULT_STALE_AFTER_HOURS = 48;

/** Whether a snapshot taken at `takenAtMs` is stale at `nowMs`: older than the organization's setting. */
export function isStaleSnapshot(takenAtMs: number, staleAfterHours: number, nowMs: number): boolean {
  return takenAtMs < nowMs - staleAfterHours * 3_600_000;
}

/** Epoch milliseconds of a FILETIME (truncated to the millisecond), exact for every value AD stores. */
export function filetimeToMs(filetime: bigint): number {
  return Number((filetime - FILETIME_UNIX_EPOCH) / FILETIME_PER_MS);
}

/** The FILETIME of an instant in epoch milliseconds. */
export function msToFiletime(ms: number): bigint {
  return BigInt(Math.trunc(ms)) * FILETIME_PER_MS + FILETIME_UNIX_EPOCH;
}

/** accountExpires: 0 and 2^63-1 both mean the account never expires. */
function accountExpiresNever(accountExpires: bigint): boolean {
  return accountExpires === 0n || accountExpires === FILETIME_MAX;
}

/** One AD user record as the connector read it, with its snapshot's time and freshness. */
export interface OnPremisesRecord {
  /** The AD domain's DNS name. */
  domain: string;
  pwdLastSet: bigint;
  userAccountControl: number;
  passwordExpiryTimeComputed: bigint;
  /** The winning PSO's name (or its DN when the snapshot did not list it); null: the domain policy. */
  resultantPso: string | null;
  accountExpires: bigint;
  /** Epoch ms the snapshot was taken. */
  snapshotTakenAtMs: number;
  /** The snapshot is older than the organization's stale threshold: nothing is dated from it. */
  stale: boolean;
}

/** A declared policy standing in for on-premises AD when no connector reports (docs/product.md §On-premises Active Directory). */
export interface DeclaredOnPremisesPolicy {
  /** The domain's maximum password age, in days. */
  maxPasswordAgeDays: number;
  /** Group ages standing in for PSOs; the lowest precedence (first in the list) a user is in wins. */
  groupAges: { groupId: string; groupName: string; maxPasswordAgeDays: number }[];
  /** Members of this group never expire. */
  neverExpiresGroup: { groupId: string; groupName: string } | null;
}

/** What is known on-premises about one synced user. */
export interface OnPremisesInput {
  record: OnPremisesRecord | null;
  declared: DeclaredOnPremisesPolicy | null;
  /** Ids (lower-case) of the declared policy's groups the user is a transitive member of. */
  declaredGroupIds?: ReadonlySet<string>;
}

export type OnPremisesExpiry =
  | {
      expires: true;
      expiresAt: string;
      reason: 'on_premises_domain_policy' | 'on_premises_pso' | 'on_premises_estimated';
      validityDays: number;
      source: string;
    }
  | { expires: false; reason: 'disabled' | 'on_premises_never_expires' | 'on_premises_must_change' | 'on_premises_changed'; source: string | null }
  | { expires: false; reason: 'managed_on_premises'; source?: string };

/**
 * The expiry of a synced user whom Graph shows as never expiring. `lastPasswordChangeMs` is Graph's
 * lastPasswordChangeDateTime (NaN when unreadable); `nowMs` decides an expired account.
 */
export function onPremisesExpiry(input: OnPremisesInput, lastPasswordChangeMs: number, nowMs: number): OnPremisesExpiry {
  const { record } = input;
  if (record?.stale) return { expires: false, reason: 'managed_on_premises', source: `connector silent since ${utcMinute(record.snapshotTakenAtMs)}` };
  if (record) return fromRecord(record, lastPasswordChangeMs, nowMs);
  if (input.declared && !Number.isNaN(lastPasswordChangeMs))
    return fromDeclaredPolicy(input.declared, input.declaredGroupIds ?? new Set(), lastPasswordChangeMs);
  return { expires: false, reason: 'managed_on_premises' };
}

function fromRecord(record: OnPremisesRecord, lastPasswordChangeMs: number, nowMs: number): OnPremisesExpiry {
  if ((record.userAccountControl & UF_ACCOUNTDISABLE) !== 0) return { expires: false, reason: 'disabled', source: record.domain };
  if (!accountExpiresNever(record.accountExpires) && filetimeToMs(record.accountExpires) <= nowMs) {
    return { expires: false, reason: 'disabled', source: record.domain };
  }
  if ((record.userAccountControl & UF_DONT_EXPIRE_PASSWD) !== 0 || record.passwordExpiryTimeComputed === FILETIME_MAX) {
    return { expires: false, reason: 'on_premises_never_expires', source: record.resultantPso ?? record.domain };
  }
  if (record.passwordExpiryTimeComputed === 0n || record.pwdLastSet === 0n) return { expires: false, reason: 'on_premises_must_change', source: record.domain };
  const pwdLastSetMs = filetimeToMs(record.pwdLastSet);
  if (lastPasswordChangeMs > record.snapshotTakenAtMs && lastPasswordChangeMs > pwdLastSetMs + SYNC_LAG_MS) {
    return { expires: false, reason: 'on_premises_changed', source: `snapshot of ${utcMinute(record.snapshotTakenAtMs)}` };
  }
  const validity = record.passwordExpiryTimeComputed - record.pwdLastSet;
  return {
    expires: true,
    expiresAt: new Date(filetimeToMs(record.passwordExpiryTimeComputed)).toISOString(),
    reason: record.resultantPso === null ? 'on_premises_domain_policy' : 'on_premises_pso',
    // Whole days of the policy the DC applied (its own date stays exact).
    validityDays: Number((validity + FILETIME_PER_DAY / 2n) / FILETIME_PER_DAY),
    source: record.resultantPso ?? record.domain,
  };
}

function fromDeclaredPolicy(policy: DeclaredOnPremisesPolicy, groupIds: ReadonlySet<string>, lastPasswordChangeMs: number): OnPremisesExpiry {
  if (policy.neverExpiresGroup && groupIds.has(policy.neverExpiresGroup.groupId.toLowerCase())) {
    return { expires: false, reason: 'on_premises_never_expires', source: policy.neverExpiresGroup.groupName };
  }
  const group = policy.groupAges.find((candidate) => groupIds.has(candidate.groupId.toLowerCase()));
  const days = group?.maxPasswordAgeDays ?? policy.maxPasswordAgeDays;
  return {
    expires: true,
    expiresAt: new Date(lastPasswordChangeMs + days * DAY_MS).toISOString(),
    reason: 'on_premises_estimated',
    validityDays: days,
    source: group ? group.groupName : 'declared domain policy',
  };
}
