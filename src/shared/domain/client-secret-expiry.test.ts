import { describe, expect, it } from 'vitest';
import {
  addMonths,
  clientSecretExpiryMessages as messages,
  clientSecretExpiryNotice,
  clientSecretExpiryProblem,
  suggestedClientSecretExpiry,
  warningThresholdFor,
} from './client-secret-expiry.js';
import { localDateOf } from './days-until.js';

describe('addMonths and the suggested expiry', () => {
  it('suggests the same day 24 months on', () => {
    expect(suggestedClientSecretExpiry('2026-11-24')).toBe('2028-11-24');
  });

  it('falls back to the last day of a shorter month', () => {
    expect(addMonths('2028-02-29', 24)).toBe('2030-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-01-31', 13)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('warningThresholdFor: which day shows which warning', () => {
  it.each([
    [45, null],
    [31, null],
    [30, 30],
    [15, 30],
    [14, 14],
    [8, 14],
    [7, 7],
    [2, 7],
    [1, 1],
  ] as const)('%i days left -> %s', (daysLeft, threshold) => {
    expect(warningThresholdFor(daysLeft)).toBe(threshold);
  });
});

describe('clientSecretExpiryNotice', () => {
  const today = '2026-11-24';

  it('says nothing without a stored secret (a connection made without one has no expiry)', () => {
    expect(clientSecretExpiryNotice({ hasClientSecret: false, expiresAt: '2026-11-25', today })).toBeNull();
    expect(clientSecretExpiryNotice({ hasClientSecret: false, expiresAt: null, today })).toBeNull();
  });

  it('asks for the date when a secret is stored without one', () => {
    expect(clientSecretExpiryNotice({ hasClientSecret: true, expiresAt: null, today })).toEqual({ kind: 'date-missing' });
  });

  it('says nothing more than 30 days ahead, warns with the exact count from 30 days on', () => {
    expect(clientSecretExpiryNotice({ hasClientSecret: true, expiresAt: '2026-12-25', today })).toBeNull();
    expect(clientSecretExpiryNotice({ hasClientSecret: true, expiresAt: '2026-12-24', today })).toEqual({
      kind: 'expiring',
      threshold: 30,
      daysLeft: 30,
      expiresAt: '2026-12-24',
    });
    expect(clientSecretExpiryNotice({ hasClientSecret: true, expiresAt: '2026-12-01', today })).toMatchObject({ threshold: 7, daysLeft: 7 });
    expect(clientSecretExpiryNotice({ hasClientSecret: true, expiresAt: '2026-11-25', today })).toMatchObject({ threshold: 1, daysLeft: 1 });
  });

  it('counts the day itself and every day after as expired', () => {
    expect(clientSecretExpiryNotice({ hasClientSecret: true, expiresAt: today, today })).toEqual({ kind: 'expired', expiresAt: today });
    expect(clientSecretExpiryNotice({ hasClientSecret: true, expiresAt: '2026-10-01', today })).toEqual({ kind: 'expired', expiresAt: '2026-10-01' });
  });

  it("counts on the organization's calendar: the same instant is a different day in Tokyo and New York", () => {
    // 2026-11-24 20:00 UTC is Nov 25 in Tokyo and still Nov 24 in New York.
    const instant = new Date(Date.UTC(2026, 10, 24, 20, 0));
    const expiresAt = '2026-12-09';
    const inTokyo = clientSecretExpiryNotice({ hasClientSecret: true, expiresAt, today: localDateOf(instant, 'Asia/Tokyo') });
    const inNewYork = clientSecretExpiryNotice({ hasClientSecret: true, expiresAt, today: localDateOf(instant, 'America/New_York') });
    expect(inTokyo).toMatchObject({ kind: 'expiring', threshold: 14, daysLeft: 14 });
    expect(inNewYork).toMatchObject({ kind: 'expiring', threshold: 30, daysLeft: 15 });
  });
});

describe('clientSecretExpiryProblem', () => {
  const today = '2026-11-24';
  const check = (expiresAt: string | null, newSecret: boolean, changed = true) => clientSecretExpiryProblem({ expiresAt, today, newSecret, changed });

  it('wants a date with a new secret, not before', () => {
    expect(check(null, true)).toBe(messages.requiredWithNewSecret);
    expect(check(null, false)).toBeNull();
  });

  it('refuses what is not a calendar date', () => {
    expect(check('2027-02-30', false)).toBe(messages.invalid);
    expect(check('next year', false)).toBe(messages.invalid);
  });

  it('refuses a past date for a new secret, accepts today and a past date recorded for the current one', () => {
    expect(check('2026-11-23', true)).toBe(messages.inThePast);
    expect(check(today, true)).toBeNull();
    expect(check('2026-11-23', false)).toBeNull();
  });

  it('accepts up to 24 months and a day ahead, refuses later when the date changes', () => {
    expect(check('2028-11-25', true)).toBeNull();
    expect(check('2028-11-26', true)).toBe(messages.tooLate);
    expect(check('2028-11-26', false, false)).toBeNull();
  });
});
