import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiryBadge, initials, previewColour, rowStatus } from './expiry-badge.js';
import { PROPERTY_RUNS } from './test-support/arbitraries.js';

describe('expiryBadge', () => {
  it.each([
    [-30, 'Expired 30 days ago', 'red'],
    [-2, 'Expired 2 days ago', 'red'],
    [-1, 'Expired 1 day ago', 'red'],
    [0, 'Expired Today', 'red'],
    [1, '1 day', 'red'],
    [2, '2 days', 'yellow'],
    [3, '3 days', 'yellow'],
    [4, '4 days', 'blue'],
    [90, '90 days', 'blue'],
  ] as const)('%i days -> %s (%s)', (days, text, tone) => {
    expect(expiryBadge(days)).toEqual({ text, tone });
  });

  it('tone never gets calmer as expiry gets closer', () => {
    const urgency = { red: 2, yellow: 1, blue: 0 } as const;
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (days) => {
        expect(urgency[expiryBadge(days).tone]).toBeGreaterThanOrEqual(urgency[expiryBadge(days + 1).tone]);
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('previewColour', () => {
  it.each([
    [null, 'Never expires', 'none'],
    [-5, 'Expired', 'red'],
    [0, 'Expired', 'red'],
    [1, '1 day', 'red'],
    [7, '7 days', 'red'],
    [8, '8 days', 'orange'],
    [14, '14 days', 'orange'],
    [15, '15 days', 'green'],
    [400, '400 days', 'green'],
  ] as const)('%s -> %s (%s)', (days, text, tone) => {
    expect(previewColour(days)).toEqual({ text, tone });
  });
});

describe('rowStatus', () => {
  it('is Notified when the status says so or a reminder was recorded', () => {
    expect(rowStatus({ status: 'notified', lastNotified: null })).toBe('Notified');
    expect(rowStatus({ status: 'pending', lastNotified: '2024-06-01T08:00:00Z' })).toBe('Notified');
    expect(rowStatus({ status: 'expired', lastNotified: new Date(0) })).toBe('Notified');
  });

  it('is Expired for an expired record never notified', () => {
    expect(rowStatus({ status: 'expired', lastNotified: null })).toBe('Expired');
    expect(rowStatus({ status: 'expired', lastNotified: undefined })).toBe('Expired');
    expect(rowStatus({ status: 'expired', lastNotified: '' })).toBe('Expired');
  });

  it('is Pending otherwise', () => {
    expect(rowStatus({ status: 'pending', lastNotified: null })).toBe('Pending');
    expect(rowStatus({ status: 'anything', lastNotified: undefined })).toBe('Pending');
    expect(rowStatus({ status: 'pending', lastNotified: null, daysUntilExpiry: 4 })).toBe('Pending');
  });

  it('is Not applicable for a password without a date, unless a reminder was recorded', () => {
    expect(rowStatus({ status: 'pending', lastNotified: null, daysUntilExpiry: null })).toBe('Not applicable');
    expect(rowStatus({ status: 'pending', lastNotified: '2024-06-01T08:00:00Z', daysUntilExpiry: null })).toBe('Notified');
  });
});

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'ada@contoso.com', 'AL'],
    ['Ada King Lovelace', null, 'AL'],
    ['ada', null, 'A'],
    ['  Jean-Luc   Picard ', null, 'JP'],
    ['Émile Zola', null, 'ÉZ'],
    ['', 'grace.hopper@contoso.com', 'GH'],
    [null, 'grace@contoso.com', 'G'],
    ['(admin)', 'x@y', 'A'],
    ['', '', '?'],
    [undefined, undefined, '?'],
    ['ßtraße ßon', null, 'ßß'],
  ] as const)('%s / %s -> %s', (displayName, email, expected) => {
    expect(initials(displayName, email)).toBe(expected);
  });

  it('never has more than 2 characters', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (displayName, email) => {
        expect([...initials(displayName, email)].length).toBeLessThanOrEqual(2);
      }),
      PROPERTY_RUNS,
    );
  });
});
