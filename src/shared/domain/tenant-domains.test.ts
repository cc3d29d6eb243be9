import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveDomainPolicy, findUserDomain, isWithinDomain, upnDomainOf } from './tenant-domains.js';
import { buildDomain } from './test-support/directory-factories.js';
import { PROPERTY_RUNS } from './test-support/arbitraries.js';

describe('upnDomainOf / isWithinDomain', () => {
  it('takes the part after the last @, lower-cased', () => {
    expect(upnDomainOf('Ada@EU.Contoso.com')).toBe('eu.contoso.com');
    expect(upnDomainOf('"odd@name"@contoso.com')).toBe('contoso.com');
  });

  it('matches whole labels only, ignoring case', () => {
    expect(isWithinDomain('contoso.com', 'contoso.com')).toBe(true);
    expect(isWithinDomain('eu.contoso.com', 'Contoso.COM')).toBe(true);
    expect(isWithinDomain('notcontoso.com', 'contoso.com')).toBe(false);
    expect(isWithinDomain('contoso.com', 'eu.contoso.com')).toBe(false);
  });
});

describe('findUserDomain', () => {
  const domains = [
    buildDomain('contoso.com'),
    buildDomain('eu.contoso.com', { isRoot: false }),
    buildDomain('notcontoso.com'),
    buildDomain('contoso.onmicrosoft.com', { isInitial: true }),
  ];

  it('picks the longest matching suffix', () => {
    expect(findUserDomain('ada@eu.contoso.com', domains)?.id).toBe('eu.contoso.com');
    expect(findUserDomain('ada@paris.eu.contoso.com', domains)?.id).toBe('eu.contoso.com');
    expect(findUserDomain('ada@us.contoso.com', domains)?.id).toBe('contoso.com');
    expect(findUserDomain('ADA@CONTOSO.COM', domains)?.id).toBe('contoso.com');
    expect(findUserDomain('ada@notcontoso.com', domains)?.id).toBe('notcontoso.com');
    expect(findUserDomain('ada@contoso.onmicrosoft.com', domains)?.id).toBe('contoso.onmicrosoft.com');
  });

  it('finds nothing for a domain the tenant does not have', () => {
    expect(findUserDomain('ada@fabrikam.com', domains)).toBeUndefined();
    expect(findUserDomain('ada@xcontoso.com', [buildDomain('contoso.com')])).toBeUndefined();
    expect(findUserDomain('ada@contoso.com', [])).toBeUndefined();
  });

  const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
  it('the match is always a label suffix of the UPN domain, and the longest listed one', () => {
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.array(label, { maxLength: 4 }),
        (labels, listed, unrelated) => {
          const upnDomain = labels.join('.');
          const suffixes = labels.map((_, start) => labels.slice(start).join('.'));
          const listedSuffixes = suffixes.filter((_, index) => listed[index]);
          // Near misses (each suffix glued to an extra letter without a dot) and unrelated domains
          // (their '_' can never occur in a generated label).
          const decoys = suffixes.map((suffix) => `x${suffix}`).concat(unrelated.map((name) => `${name}.ex_ample`));
          const domains = [...decoys, ...listedSuffixes].map((id) => buildDomain(id.toUpperCase()));
          const found = findUserDomain(`user@${upnDomain}`, domains);
          const longest = listedSuffixes.reduce<string | undefined>(
            (best, suffix) => (best === undefined || suffix.length > best.length ? suffix : best),
            undefined,
          );
          expect(found?.id.toLowerCase()).toBe(longest);
        },
      ),
      PROPERTY_RUNS,
    );
  });
});

describe('effectiveDomainPolicy', () => {
  it('uses the domain’s own values when set', () => {
    const domain = buildDomain('contoso.com', { passwordValidityPeriodInDays: 90 });
    expect(effectiveDomainPolicy(domain, [domain])).toEqual({ federated: false, passwordValidityPeriodInDays: 90 });
  });

  it('lets a subdomain with null values inherit from the nearest listed parent', () => {
    const root = buildDomain('contoso.com', { passwordValidityPeriodInDays: 90 });
    const middle = buildDomain('eu.contoso.com', { isRoot: false });
    const leaf = buildDomain('paris.eu.contoso.com', { isRoot: false });
    const setMiddle = buildDomain('eu.contoso.com', { isRoot: false, passwordValidityPeriodInDays: 60 });
    expect(effectiveDomainPolicy(leaf, [root, middle, leaf]).passwordValidityPeriodInDays).toBe(90);
    expect(effectiveDomainPolicy(leaf, [root, setMiddle, leaf]).passwordValidityPeriodInDays).toBe(60);
    // A parent missing from the list is skipped over.
    expect(effectiveDomainPolicy(leaf, [root, leaf]).passwordValidityPeriodInDays).toBe(90);
  });

  it('does not inherit past a root domain', () => {
    const parent = buildDomain('contoso.com', { passwordValidityPeriodInDays: 90, authenticationType: 'Federated' });
    const promoted = buildDomain('eu.contoso.com', { isRoot: true });
    expect(effectiveDomainPolicy(promoted, [parent, promoted])).toEqual({ federated: false, passwordValidityPeriodInDays: null });
  });

  it('makes a subdomain of a federated root federated', () => {
    const root = buildDomain('contoso.com', { authenticationType: 'Federated' });
    const sub = buildDomain('eu.contoso.com', { isRoot: false, passwordValidityPeriodInDays: 90 });
    expect(effectiveDomainPolicy(sub, [root, sub]).federated).toBe(true);
    expect(effectiveDomainPolicy(buildDomain('x.com', { authenticationType: 'federated' }), []).federated).toBe(true);
  });
});
