import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePasswordExpiry, expiryReasonLabel, hasDisablePasswordExpiration, NEVER_EXPIRES_VALIDITY_DAYS, type ExpiryReason } from './password-expiry.js';
import { buildDomain, buildUser } from './test-support/directory-factories.js';
import { instantArb, PROPERTY_RUNS } from './test-support/arbitraries.js';
import { DAY_MS } from './day-length.js';
const contoso90 = buildDomain('contoso.com', { isDefault: true, passwordValidityPeriodInDays: 90 });
const onmicrosoft = buildDomain('contoso.onmicrosoft.com', { isInitial: true });
const domains = [contoso90, onmicrosoft];

describe('computePasswordExpiry', () => {
  it('dates a cloud user by the domain policy', () => {
    expect(computePasswordExpiry(buildUser(), domains, { passwordValidityDays: 365 })).toEqual({
      expires: true,
      expiresAt: '2024-04-09T09:30:00.000Z',
      reason: 'domain_policy',
      validityDays: 90,
      domain: 'contoso.com',
    });
  });

  it('falls back to the product setting when the domain sets no validity', () => {
    const user = buildUser({ userPrincipalName: 'ada@contoso.onmicrosoft.com' });
    expect(computePasswordExpiry(user, domains, { passwordValidityDays: 180 })).toEqual({
      expires: true,
      expiresAt: '2024-07-08T09:30:00.000Z',
      reason: 'organization_default',
      validityDays: 180,
      domain: 'contoso.onmicrosoft.com',
    });
  });

  it('uses 365 days when no product setting is given', () => {
    const user = buildUser({ userPrincipalName: 'ada@contoso.onmicrosoft.com' });
    expect(computePasswordExpiry(user, domains)).toMatchObject({ reason: 'organization_default', validityDays: 365 });
  });

  it('uses the product setting, with no domain, when no tenant domain matches the UPN', () => {
    const user = buildUser({ userPrincipalName: 'ada@fabrikam.com' });
    expect(computePasswordExpiry(user, domains, { passwordValidityDays: 30 })).toEqual({
      expires: true,
      expiresAt: '2024-02-09T09:30:00.000Z',
      reason: 'organization_default',
      validityDays: 30,
      domain: null,
    });
  });

  it('reports disabled accounts first, whatever else holds', () => {
    const user = buildUser({ accountEnabled: false, userType: 'Guest', lastPasswordChangeDateTime: null });
    expect(computePasswordExpiry(user, domains)).toEqual({ expires: false, reason: 'disabled' });
  });

  it('reports guests by userType or by #EXT# in the UPN', () => {
    expect(computePasswordExpiry(buildUser({ userType: 'Guest' }), domains)).toEqual({ expires: false, reason: 'guest' });
    const external = buildUser({ userType: null, userPrincipalName: 'bob_fabrikam.com#ext#@contoso.onmicrosoft.com' });
    expect(computePasswordExpiry(external, domains)).toEqual({ expires: false, reason: 'guest' });
  });

  it('is not applicable without a readable last password change', () => {
    expect(computePasswordExpiry(buildUser({ lastPasswordChangeDateTime: null }), domains)).toEqual({
      expires: false,
      reason: 'not_applicable',
    });
    expect(computePasswordExpiry(buildUser({ lastPasswordChangeDateTime: 'last Tuesday' }), domains)).toEqual({
      expires: false,
      reason: 'not_applicable',
    });
  });

  it('reports synced users stamped DisablePasswordExpiration as managed on-premises', () => {
    const user = buildUser({ onPremisesSyncEnabled: true, passwordPolicies: 'DisablePasswordExpiration' });
    expect(computePasswordExpiry(user, domains)).toEqual({ expires: false, reason: 'managed_on_premises' });
  });

  it('applies the cloud rules to synced users without the stamp (cloud password policy enforced)', () => {
    const user = buildUser({ onPremisesSyncEnabled: true, passwordPolicies: 'None' });
    expect(computePasswordExpiry(user, domains)).toMatchObject({ expires: true, reason: 'domain_policy', validityDays: 90 });
    const federatedDomain = buildDomain('contoso.com', { authenticationType: 'Federated' });
    expect(computePasswordExpiry(buildUser({ onPremisesSyncEnabled: true }), [federatedDomain])).toEqual({
      expires: false,
      reason: 'federated',
    });
  });

  it('honours DisablePasswordExpiration on a cloud user as a user policy', () => {
    const user = buildUser({ passwordPolicies: 'DisableStrongPassword, disablePasswordExpiration' });
    expect(computePasswordExpiry(user, domains)).toEqual({ expires: false, reason: 'never_expires_user_policy' });
    expect(computePasswordExpiry(buildUser({ onPremisesSyncEnabled: false, passwordPolicies: 'DisablePasswordExpiration' }), domains)).toEqual({
      expires: false,
      reason: 'never_expires_user_policy',
    });
  });

  it('reports users of a federated domain as managed by federation', () => {
    const federated = buildDomain('contoso.com', { authenticationType: 'Federated', passwordValidityPeriodInDays: 90 });
    expect(computePasswordExpiry(buildUser(), [federated])).toEqual({ expires: false, reason: 'federated' });
  });

  it('reports Int32-max validity as never expiring by domain policy', () => {
    const never = buildDomain('contoso.com', { passwordValidityPeriodInDays: NEVER_EXPIRES_VALIDITY_DAYS });
    expect(computePasswordExpiry(buildUser(), [never])).toEqual({ expires: false, reason: 'never_expires_domain_policy' });
  });

  it('lets a subdomain user inherit the root domain policy', () => {
    const sub = buildDomain('eu.contoso.com', { isRoot: false });
    const user = buildUser({ userPrincipalName: 'ada@eu.contoso.com' });
    expect(computePasswordExpiry(user, [contoso90, sub])).toMatchObject({
      reason: 'domain_policy',
      validityDays: 90,
      domain: 'eu.contoso.com',
    });
    const neverRoot = buildDomain('contoso.com', { passwordValidityPeriodInDays: NEVER_EXPIRES_VALIDITY_DAYS });
    expect(computePasswordExpiry(user, [neverRoot, sub])).toEqual({ expires: false, reason: 'never_expires_domain_policy' });
  });

  it('does not match a look-alike domain', () => {
    const user = buildUser({ userPrincipalName: 'ada@notcontoso.com' });
    expect(computePasswordExpiry(user, domains, { passwordValidityDays: 365 })).toMatchObject({
      reason: 'organization_default',
      domain: null,
    });
  });

  it('expiresAt is lastPasswordChange plus exactly validity days of 24 hours, in UTC', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: 1, max: 730 }), fc.integer({ min: 30, max: 3650 }), (lastChange, days, fallback) => {
        const fromDomain = computePasswordExpiry(
          buildUser({ lastPasswordChangeDateTime: lastChange.toISOString() }),
          [buildDomain('contoso.com', { passwordValidityPeriodInDays: days })],
          { passwordValidityDays: fallback },
        );
        const fromSetting = computePasswordExpiry(buildUser({ lastPasswordChangeDateTime: lastChange.toISOString() }), [], {
          passwordValidityDays: fallback,
        });
        if (!fromDomain.expires || !fromSetting.expires) throw new Error('expected dated results');
        expect(Date.parse(fromDomain.expiresAt) - lastChange.getTime()).toBe(days * DAY_MS);
        expect(Date.parse(fromSetting.expiresAt) - lastChange.getTime()).toBe(fallback * DAY_MS);
        expect(fromDomain.expiresAt.endsWith('Z')).toBe(true);
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('hasDisablePasswordExpiration', () => {
  it('finds the flag as a whole entry of the list, any case and spacing', () => {
    expect(hasDisablePasswordExpiration('DisablePasswordExpiration')).toBe(true);
    expect(hasDisablePasswordExpiration('DisableStrongPassword,  DISABLEPASSWORDEXPIRATION ')).toBe(true);
    expect(hasDisablePasswordExpiration('DisableStrongPassword')).toBe(false);
    expect(hasDisablePasswordExpiration('DisablePasswordExpirationLater')).toBe(false);
    expect(hasDisablePasswordExpiration('None')).toBe(false);
    expect(hasDisablePasswordExpiration(null)).toBe(false);
  });
});

describe('expiryReasonLabel', () => {
  it.each([
    ['domain_policy', 90, 'Domain policy (90 days)'],
    ['domain_policy', 1, 'Domain policy (1 day)'],
    ['domain_policy', undefined, 'Domain policy'],
    ['organization_default', 365, 'Organization default (365 days)'],
    ['organization_default', null, 'Organization default'],
    ['never_expires_user_policy', undefined, 'Never expires (user policy)'],
    ['never_expires_domain_policy', undefined, 'Never expires (domain policy)'],
    ['federated', undefined, 'Managed by federation'],
    ['managed_on_premises', undefined, 'Managed on-premises'],
    ['disabled', undefined, 'Disabled'],
    ['guest', undefined, 'Guest'],
    ['not_applicable', undefined, 'No password change date'],
  ] as Array<[ExpiryReason, number | null | undefined, string]>)('%s (%s) -> %s', (reason, days, label) => {
    expect(expiryReasonLabel(reason, days)).toBe(label);
  });
});
