import { describe, expect, it } from 'vitest';
import { computePasswordExpiry, type DirectoryUser } from '../../shared/domain/password-expiry.js';
import { buildDomain, buildUser } from '../../shared/domain/test-support/directory-factories.js';
import type { ScannedUser } from '../directory/index.js';
import { RECENTLY_EXPIRED_DAYS, userAssessor, type CheckPolicy } from './due-users.js';
import { AFTER_EXPIRY_DAY_RANGE, isReminderStillTrue } from '../../shared/domain/reminder-thresholds.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
const domains = [
  buildDomain('contoso.com', { isDefault: true, passwordValidityPeriodInDays: 90 }),
  buildDomain('fed.contoso.com', { authenticationType: 'Federated' }),
];

/** A scanned user whose password expires `expiresAt` (90 days after the last change, on contoso.com). */
function scanned(expiresAt: string, overrides: Partial<DirectoryUser> & { mail?: string | null } = {}): ScannedUser {
  const { mail = 'ada@contoso.com', ...userOverrides } = overrides;
  const user = buildUser({ lastPasswordChangeDateTime: new Date(Date.parse(expiresAt) - 90 * DAY_MS).toISOString(), ...userOverrides });
  const expiry = computePasswordExpiry(user, domains);
  return {
    id: 'u1',
    displayName: 'Ada Lovelace',
    userPrincipalName: user.userPrincipalName,
    mail,
    email: mail ?? user.userPrincipalName,
    accountEnabled: user.accountEnabled,
    preferredLanguage: null,
    expiry,
    passwordExpiryDate: expiry.expires ? expiry.expiresAt : null,
    daysUntilExpiry: null,
  };
}

// Tuesday 2024-03-12 in New York.
const tuesday: CheckPolicy = { today: '2024-03-12', timeZone: 'America/New_York', daysBeforeExpiration: 7, weekendProcessing: 'include' };

describe('userAssessor: who is due', () => {
  const assess = userAssessor(tuesday);

  it('reminds enabled users whose password expires within the window, the expiry day and the last day included', () => {
    // Noon in New York on the given day.
    const at = (date: string) => `${date}T16:00:00Z`;
    expect(assess(scanned(at('2024-03-12')))).toMatchObject({ listed: true, due: true, daysUntilExpiry: 0, expiryDate: '2024-03-12' });
    expect(assess(scanned(at('2024-03-19')))).toMatchObject({ listed: true, due: true, daysUntilExpiry: 7 });
    expect(assess(scanned(at('2024-03-20')))).toEqual({ listed: false });
  });

  it('counts days on the organization calendar: 23:30 tonight in New York is still today', () => {
    // 2024-03-13T03:30Z is 23:30 on 12 March in New York (EDT).
    expect(assess(scanned('2024-03-13T03:30:00Z'))).toMatchObject({ due: true, daysUntilExpiry: 0, expiryDate: '2024-03-12' });
  });

  it('lists recently expired passwords without reminding them', () => {
    expect(assess(scanned('2024-03-11T16:00:00Z'))).toMatchObject({ listed: true, due: false, daysUntilExpiry: -1 });
    const oldest = new Date(Date.parse('2024-03-12T16:00:00Z') - RECENTLY_EXPIRED_DAYS * DAY_MS).toISOString();
    expect(assess(scanned(oldest))).toMatchObject({ listed: true, due: false, daysUntilExpiry: -RECENTLY_EXPIRED_DAYS });
    const older = new Date(Date.parse(oldest) - DAY_MS).toISOString();
    expect(assess(scanned(older))).toEqual({ listed: false });
  });

  it('skips disabled accounts', () => {
    expect(assess(scanned('2024-03-14T16:00:00Z', { accountEnabled: false }))).toEqual({ listed: false });
  });

  it('lists passwords without a date under their reason but never reminds them: never expires, federated, on-premises, no change date', () => {
    const soon = '2024-03-14T16:00:00Z';
    const undated = (reason: string) => ({ listed: true, dated: false, reason, source: null, due: false, mailAddress: 'ada@contoso.com' });
    expect(assess(scanned(soon, { passwordPolicies: 'DisablePasswordExpiration' }))).toEqual(undated('never_expires_user_policy'));
    expect(assess(scanned(soon, { userPrincipalName: 'ada@fed.contoso.com' }))).toEqual(undated('federated'));
    expect(assess(scanned(soon, { passwordPolicies: 'DisablePasswordExpiration', onPremisesSyncEnabled: true }))).toEqual(undated('managed_on_premises'));
    expect(assess(scanned(soon, { lastPasswordChangeDateTime: null }))).toEqual(undated('not_applicable'));
  });

  it('leaves guests and disabled accounts out, with or without a date', () => {
    const soon = '2024-03-14T16:00:00Z';
    expect(assess(scanned(soon, { userType: 'Guest' }))).toEqual({ listed: false });
    expect(assess(scanned(soon, { accountEnabled: false, passwordPolicies: 'DisablePasswordExpiration' }))).toEqual({ listed: false });
  });

  it('gives a dated user the rule and validity the date came from', () => {
    expect(assess(scanned('2024-03-14T16:00:00Z'))).toMatchObject({ listed: true, dated: true, reason: 'domain_policy', validityDays: 90 });
  });

  it('keeps a due user without a mailbox address, with no address to send to', () => {
    expect(assess(scanned('2024-03-14T16:00:00Z', { mail: null }))).toMatchObject({ listed: true, due: true, mailAddress: null });
  });
});

describe('userAssessor: weekend processing', () => {
  // Friday 2024-03-15; with a 1-day window.
  const friday = (weekendProcessing: CheckPolicy['weekendProcessing']) =>
    userAssessor({ today: '2024-03-15', timeZone: 'UTC', daysBeforeExpiration: 1, weekendProcessing });
  const expiring = (date: string) => scanned(`${date}T12:00:00Z`);

  it("weekdays: Friday's run also reminds those whose reminder falls on Saturday or Sunday (expiring Saturday to Monday)", () => {
    const assess = friday('weekdays');
    expect(['2024-03-15', '2024-03-16', '2024-03-17', '2024-03-18'].map((date) => (assess(expiring(date)) as { due: boolean }).due)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(assess(expiring('2024-03-19'))).toEqual({ listed: false });
  });

  it('skip and include: Friday reminds only its own window', () => {
    for (const mode of ['skip', 'include'] as const) {
      const assess = friday(mode);
      expect(['2024-03-15', '2024-03-16'].map((date) => (assess(expiring(date)) as { due: boolean }).due)).toEqual([true, true]);
      expect(assess(expiring('2024-03-17'))).toEqual({ listed: false });
    }
  });

  it('weekdays: a Tuesday run has no look-ahead', () => {
    const assess = userAssessor({ today: '2024-03-12', timeZone: 'UTC', daysBeforeExpiration: 1, weekendProcessing: 'weekdays' });
    expect(assess(expiring('2024-03-13'))).toMatchObject({ due: true });
    expect(assess(expiring('2024-03-14'))).toEqual({ listed: false });
  });
});

describe('userAssessor: reminder policy', () => {
  const at = (date: string) => scanned(`${date}T16:00:00Z`);
  const withPolicy = userAssessor({ ...tuesday, thresholds: { reminderDays: [14, 7, 0], afterExpiryDays: [3] } });

  it('reminds on the chosen days with their threshold, and after the expiry with the after-expiry wording', () => {
    expect(withPolicy(at('2024-03-26'))).toMatchObject({ listed: true, due: true, reminder: { threshold: 14, afterExpiry: false } });
    expect(withPolicy(at('2024-03-19'))).toMatchObject({ due: true, reminder: { threshold: 7, afterExpiry: false } });
    expect(withPolicy(at('2024-03-12'))).toMatchObject({ due: true, reminder: { threshold: 0, afterExpiry: false } });
    expect(withPolicy(at('2024-03-09'))).toMatchObject({ due: true, daysUntilExpiry: -3, reminder: { threshold: -3, afterExpiry: true } });
    // Between the chosen days, and beyond the last: listed, not reminded.
    expect(withPolicy(at('2024-03-22'))).toMatchObject({ listed: true, due: false, reminder: null });
    expect(withPolicy(at('2024-03-27'))).toEqual({ listed: false });
  });

  it('every-day reminders carry the days left as their threshold', () => {
    expect(userAssessor(tuesday)(at('2024-03-15'))).toMatchObject({ due: true, reminder: { threshold: 3, afterExpiry: false } });
  });

  it('lists listAheadDays past the last reminded day, for the dry run and the forecast, without reminding them', () => {
    const ahead = userAssessor({ ...tuesday, listAheadDays: 30 });
    expect(ahead(at('2024-04-18'))).toMatchObject({ listed: true, due: false, reminder: null, daysUntilExpiry: 37, lookAhead: true });
    expect(ahead(at('2024-03-20'))).toMatchObject({ listed: true, due: false, lookAhead: true });
    expect(ahead(at('2024-04-19'))).toEqual({ listed: false });
    // The window itself is no look-ahead: the users table shows it.
    expect(ahead(at('2024-03-19'))).toMatchObject({ listed: true, due: true, lookAhead: false });
    expect(ahead(at('2024-03-01'))).toMatchObject({ listed: true, due: false, lookAhead: false });
  });

  it('keeps every after-expiry reminder, caught up after a missed weekend check, inside the days expired passwords stay listed', () => {
    // Monday catches up Friday's days under skip: up to 3 days late.
    expect(AFTER_EXPIRY_DAY_RANGE.max + 3).toBeLessThanOrEqual(RECENTLY_EXPIRED_DAYS);
  });
});

describe('userAssessor: planning agrees with the sender on the day', () => {
  it('at 01:38 EST on 11/27 plans no before-expiry reminder for a password that expired on 11/26, even as a catch-up', () => {
    const now = '2026-11-27T06:38:00Z';
    const timeZone = 'America/New_York';
    const today = localDateOf(now, timeZone);
    expect(today).toBe('2026-11-27');
    const thresholds = { reminderDays: [14, 7, 3, 1, 0], afterExpiryDays: [] };
    const assess = userAssessor({ today, timeZone, daysBeforeExpiration: 14, weekendProcessing: 'include', thresholds });
    // 10:00 EST on 11/26: the expiry-day threshold fell on the previous check's day.
    const expired = assess(scanned('2026-11-26T15:00:00Z'));
    expect(expired).toMatchObject({ listed: true, due: false, reminder: null, daysUntilExpiry: -1 });
    // The sender would refuse it: a before-expiry reminder is true only up to the expiry day.
    expect(isReminderStillTrue({ afterExpiry: false }, '2026-11-26', today)).toBe(false);
    // Expiring today: the expiry-day reminder is planned and still true when it goes out.
    expect(assess(scanned('2026-11-27T15:00:00Z'))).toMatchObject({ due: true, reminder: { threshold: 0, afterExpiry: false } });
  });
});
