import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../../../shared/api/configuration';
import { clientSecretExpiryMessages as messages } from '../../../../shared/domain/client-secret-expiry';
import { expiryFieldProblem, organizationToday, withSuggestedExpiry } from './client-secret-expiry-field';
import type { ConfigurationFormValues } from './configuration-form-values';

const saved = { clientSecretExpiresAt: '2027-01-10' } as Configuration;
const values = { clientSecret: '', clientSecretExpiresAt: '2027-01-10', timeZone: 'America/New_York' } as ConfigurationFormValues;
const today = '2026-11-24';

describe('withSuggestedExpiry', () => {
  it('puts in 24 months from today when a new secret is typed over the saved date', () => {
    expect(withSuggestedExpiry(values, values, { clientSecret: 'n' }, today)).toEqual({ clientSecret: 'n', clientSecretExpiresAt: '2028-11-24' });
  });

  it('leaves a date the admin chose, and a blank secret, alone', () => {
    const chosen = { ...values, clientSecretExpiresAt: '2027-06-01' };
    expect(withSuggestedExpiry(chosen, values, { clientSecret: 'ne' }, today)).toEqual({ clientSecret: 'ne' });
    expect(withSuggestedExpiry(values, values, { clientSecret: '  ' }, today)).toEqual({ clientSecret: '  ' });
    expect(withSuggestedExpiry(values, values, { checkTime: '09:00' }, today)).toEqual({ checkTime: '09:00' });
  });
});

describe('expiryFieldProblem', () => {
  it('asks for a date with a new secret, refuses a past one for it', () => {
    expect(expiryFieldProblem({ ...values, clientSecret: 'new', clientSecretExpiresAt: '' }, saved, today)).toBe(messages.requiredWithNewSecret);
    expect(expiryFieldProblem({ ...values, clientSecret: 'new', clientSecretExpiresAt: '2026-11-23' }, saved, today)).toBe(messages.inThePast);
    expect(expiryFieldProblem({ ...values, clientSecret: 'new', clientSecretExpiresAt: '2028-11-24' }, saved, today)).toBeNull();
  });

  it('lets the saved date stand without a new secret', () => {
    expect(expiryFieldProblem(values, saved, today)).toBeNull();
    expect(expiryFieldProblem({ ...values, clientSecretExpiresAt: '' }, saved, today)).toBeNull();
  });
});

describe('organizationToday', () => {
  it("is the organization's date, UTC while the zone field holds no zone", () => {
    const instant = Date.UTC(2026, 10, 24, 3, 0);
    expect(organizationToday('America/New_York', instant)).toBe('2026-11-23');
    expect(organizationToday('Asia/Tokyo', instant)).toBe('2026-11-24');
    expect(organizationToday('', instant)).toBe('2026-11-24');
  });
});
