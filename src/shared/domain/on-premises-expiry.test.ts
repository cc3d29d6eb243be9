import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './day-length.js';
import {
  FILETIME_MAX,
  filetimeToMs,
  msToFiletime,
  onPremisesExpiry,
  type OnPremisesRecord,
  SYNC_LAG_MS,
  UF_ACCOUNTDISABLE,
  UF_DONT_EXPIRE_PASSWD,
} from './on-premises-expiry.js';
import { computePasswordExpiry, type DirectoryUser } from './password-expiry.js';

const NOW = Date.parse('2026-11-27T08:00:00Z');
const FILETIME_PER_DAY = 864_000_000_000n;

function record(overrides: Partial<OnPremisesRecord> = {}): OnPremisesRecord {
  const pwdLastSet = msToFiletime(NOW - 50 * DAY_MS);
  return {
    domain: 'corp.contoso.com',
    pwdLastSet,
    userAccountControl: 0x200,
    passwordExpiryTimeComputed: pwdLastSet + 60n * FILETIME_PER_DAY,
    resultantPso: null,
    accountExpires: FILETIME_MAX,
    snapshotTakenAtMs: NOW - 3_600_000,
    stale: false,
    ...overrides,
  };
}

const syncedUser = (lastPasswordChangeDateTime: string | null): DirectoryUser => ({
  accountEnabled: true,
  userType: 'Member',
  userPrincipalName: 'christie.cline@contoso.com',
  lastPasswordChangeDateTime,
  passwordPolicies: 'DisablePasswordExpiration',
  onPremisesSyncEnabled: true,
});

describe('FILETIME', () => {
  it('converts AD’s 100-ns intervals since 1601 exactly, at and beyond 2^53', () => {
    expect(filetimeToMs(116_444_736_000_000_000n)).toBe(0);
    expect(new Date(filetimeToMs(133_456_789_012_345_678n)).toISOString()).toBe('2023-11-28T21:01:41.234Z');
    expect(filetimeToMs(FILETIME_MAX)).toBe(910_692_730_085_477);
  });

  it('round-trips every millisecond instant', () => {
    fc.assert(fc.property(fc.integer({ min: -11_644_473_600_000, max: 8_000_000_000_000 }), (ms) => filetimeToMs(msToFiletime(ms)) === ms));
  });
});

describe('onPremisesExpiry', () => {
  const changed = NOW - 50 * DAY_MS + 120_000;

  it('takes the domain controller’s date, naming the domain policy or the PSO', () => {
    const byDomain = onPremisesExpiry({ record: record(), declared: null }, changed, NOW);
    expect(byDomain).toEqual({
      expires: true,
      expiresAt: new Date(NOW + 10 * DAY_MS).toISOString(),
      reason: 'on_premises_domain_policy',
      validityDays: 60,
      source: 'corp.contoso.com',
    });
    const byPso = onPremisesExpiry({ record: record({ resultantPso: 'Admins PSO' }), declared: null }, changed, NOW);
    expect(byPso).toMatchObject({ reason: 'on_premises_pso', source: 'Admins PSO' });
  });

  it('shows never-expires, must-change-now and disabled accounts as such', () => {
    expect(onPremisesExpiry({ record: record({ userAccountControl: 0x200 | UF_DONT_EXPIRE_PASSWD }), declared: null }, changed, NOW).reason).toBe(
      'on_premises_never_expires',
    );
    expect(onPremisesExpiry({ record: record({ passwordExpiryTimeComputed: FILETIME_MAX }), declared: null }, changed, NOW).reason).toBe(
      'on_premises_never_expires',
    );
    expect(onPremisesExpiry({ record: record({ passwordExpiryTimeComputed: 0n, pwdLastSet: 0n }), declared: null }, changed, NOW).reason).toBe(
      'on_premises_must_change',
    );
    expect(onPremisesExpiry({ record: record({ userAccountControl: 0x200 | UF_ACCOUNTDISABLE }), declared: null }, changed, NOW).reason).toBe('disabled');
    expect(onPremisesExpiry({ record: record({ accountExpires: msToFiletime(NOW - DAY_MS) }), declared: null }, changed, NOW).reason).toBe('disabled');
  });

  it('gives no date while Graph shows a change the snapshot has not seen, and the date again for the sync lag of the same change', () => {
    const snapshotAt = NOW - 3_600_000;
    const later = onPremisesExpiry({ record: record({ snapshotTakenAtMs: snapshotAt }), declared: null }, snapshotAt + 60_000, NOW);
    expect(later).toMatchObject({ expires: false, reason: 'on_premises_changed' });
    // Changed on-premises just before the snapshot, the hash arriving just after it: the same change.
    const pwdLastSet = msToFiletime(snapshotAt - 60_000);
    const sameChange = onPremisesExpiry(
      { record: record({ snapshotTakenAtMs: snapshotAt, pwdLastSet, passwordExpiryTimeComputed: pwdLastSet + 60n * FILETIME_PER_DAY }), declared: null },
      snapshotAt + 60_000,
      NOW,
    );
    expect(sameChange.expires).toBe(true);
    // A sync outage: the hash arrived hours after the change, but before the snapshot.
    const lateSync = onPremisesExpiry({ record: record(), declared: null }, NOW - 50 * DAY_MS + 5 * SYNC_LAG_MS, NOW);
    expect(lateSync.expires).toBe(true);
  });

  it('goes back to managed on-premises, naming since when, once the snapshot is stale', () => {
    const stale = onPremisesExpiry({ record: record({ stale: true, snapshotTakenAtMs: Date.parse('2026-11-24T08:00:00Z') }), declared: null }, changed, NOW);
    expect(stale).toEqual({ expires: false, reason: 'managed_on_premises', source: 'connector silent since 2026-11-24 08:00 UTC' });
  });

  it('estimates from the declared policy without a record: the first group age the user is in, a never-expiring group', () => {
    const declared = {
      maxPasswordAgeDays: 90,
      groupAges: [{ groupId: 'A0000000-0000-4000-8000-000000000001', groupName: 'Admins', maxPasswordAgeDays: 30 }],
      neverExpiresGroup: { groupId: 'b0000000-0000-4000-8000-000000000002', groupName: 'Service accounts' },
    };
    expect(onPremisesExpiry({ record: null, declared }, changed, NOW)).toMatchObject({
      reason: 'on_premises_estimated',
      validityDays: 90,
      expiresAt: new Date(changed + 90 * DAY_MS).toISOString(),
    });
    expect(onPremisesExpiry({ record: null, declared, declaredGroupIds: new Set(['a0000000-0000-4000-8000-000000000001']) }, changed, NOW)).toMatchObject({
      reason: 'on_premises_estimated',
      validityDays: 30,
      source: 'Admins',
    });
    expect(onPremisesExpiry({ record: null, declared, declaredGroupIds: new Set(['b0000000-0000-4000-8000-000000000002']) }, changed, NOW).reason).toBe(
      'on_premises_never_expires',
    );
    expect(onPremisesExpiry({ record: null, declared: null }, changed, NOW)).toEqual({ expires: false, reason: 'managed_on_premises' });
  });

  it('dates any fresh, enabled, expiring record exactly at the DC’s FILETIME, whatever Graph shows before the snapshot', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: msToFiletime(Date.parse('2000-01-01T00:00:00Z')), max: msToFiletime(NOW) }),
        fc.integer({ min: 1, max: 3650 }),
        fc.integer({ min: 0, max: 10 * 24 * 3_600_000 }),
        (pwdLastSet, days, graphDelay) => {
          const computed = pwdLastSet + BigInt(days) * FILETIME_PER_DAY;
          const graphChange = Math.min(filetimeToMs(pwdLastSet) + graphDelay, NOW - 3_600_000);
          const expiry = onPremisesExpiry({ record: record({ pwdLastSet, passwordExpiryTimeComputed: computed }), declared: null }, graphChange, NOW);
          return expiry.expires && expiry.expiresAt === new Date(filetimeToMs(computed)).toISOString() && expiry.validityDays === days;
        },
      ),
    );
  });
});

describe('computePasswordExpiry for a synced user', () => {
  it('asks on-premises only for synced users Graph shows as never expiring', () => {
    const changed = new Date(NOW - 50 * DAY_MS).toISOString();
    expect(computePasswordExpiry(syncedUser(changed), [], { onPremises: { record: record(), declared: null }, nowMs: NOW }).reason).toBe(
      'on_premises_domain_policy',
    );
    expect(computePasswordExpiry(syncedUser(changed), [], { nowMs: NOW }).reason).toBe('managed_on_premises');
    const cloudPolicy = { ...syncedUser(changed), passwordPolicies: null };
    expect(computePasswordExpiry(cloudPolicy, [], { onPremises: { record: record(), declared: null }, nowMs: NOW }).reason).toBe('organization_default');
  });
});
