import { describe, expect, it } from 'vitest';
import type { PasswordExpirationRecord } from '../../../../shared/api/notifications';
import { daysRemainingText, expiryDateText, manualEmailBody, userDetails } from './expiring-user';

function record(overrides: Partial<PasswordExpirationRecord> = {}): PasswordExpirationRecord {
  return {
    id: 'rec-1',
    userId: 'graph-user-1',
    userEmail: 'ada@contoso.com',
    userDisplayName: 'Ada Lovelace',
    preferredLanguage: null,
    passwordExpiryDate: '2025-03-20T15:00:00.000Z',
    daysUntilExpiry: 5,
    lastNotified: null,
    status: 'pending',
    reachable: true,
    expiryReason: 'domain_policy',
    validityDays: 90,
    expirySource: null,
    latestReminder: null,
    ...overrides,
  };
}

describe('expiryDateText', () => {
  it('writes the expiry as an en-US date on the given calendar', () => {
    expect(expiryDateText(record(), 'UTC')).toBe('3/20/2025');
    expect(expiryDateText(record({ passwordExpiryDate: '2025-03-20T02:00:00.000Z' }), 'America/Chicago')).toBe('3/19/2025');
  });
});

describe('daysRemainingText', () => {
  it('counts days left, and says how long ago once expired', () => {
    expect(daysRemainingText(5)).toBe('5');
    expect(daysRemainingText(1)).toBe('1');
    expect(daysRemainingText(0)).toBe('Expired Today');
    expect(daysRemainingText(-1)).toBe('Expired 1 day ago');
    expect(daysRemainingText(-4)).toBe('Expired 4 days ago');
    expect(daysRemainingText(null)).toBe('—');
  });
});

describe('manualEmailBody', () => {
  it('carries the user and the values the row shows', () => {
    expect(manualEmailBody(record(), 'UTC')).toEqual({
      userId: 'graph-user-1',
      userEmail: 'ada@contoso.com',
      displayName: 'Ada Lovelace',
      daysRemaining: 5,
      expirationDate: '3/20/2025',
    });
  });
});

describe('userDetails', () => {
  it('names the user, their email, the expiry date and the days remaining', () => {
    expect(userDetails(record({ daysUntilExpiry: -2 }), 'UTC')).toEqual({
      title: 'Ada Lovelace',
      lines: [
        ['Email', 'ada@contoso.com'],
        ['Language', 'Default language'],
        ['Expires', '3/20/2025'],
        ['Days remaining', 'Expired 2 days ago'],
      ],
    });
  });

  it('says why a password without a date has none', () => {
    expect(
      userDetails(record({ passwordExpiryDate: null, daysUntilExpiry: null, expiryReason: 'managed_on_premises', validityDays: null }), 'UTC').lines,
    ).toEqual([
      ['Email', 'ada@contoso.com'],
      ['Language', 'Default language'],
      ['Expires', 'Managed on-premises'],
      ['Days remaining', '—'],
    ]);
  });

  it('falls back to the email for a user without a display name', () => {
    expect(userDetails(record({ userDisplayName: '' })).title).toBe('ada@contoso.com');
  });
});
