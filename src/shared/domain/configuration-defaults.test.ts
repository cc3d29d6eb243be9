import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DEFAULTS, DAYS_BEFORE_EXPIRATION_RANGE, PASSWORD_VALIDITY_DAYS_RANGE, TEMPLATE_VARIABLES } from './configuration-defaults.js';
import { isValidCheckTime } from './schedule.js';
import { isValidIanaTimeZone, normalizeTimeZone } from './time-zones.js';

describe('configuration defaults (docs/product.md §Constants)', () => {
  it('has the documented values', () => {
    expect(CONFIGURATION_DEFAULTS).toEqual({
      checkTime: '08:00',
      timeZone: 'America/New_York',
      daysBeforeExpiration: 7,
      weekendProcessing: 'skip',
      automationEnabled: true,
      passwordValidityDays: 365,
    });
    expect(Object.isFrozen(CONFIGURATION_DEFAULTS)).toBe(true);
  });

  it('stores the default zone UTC-5 as Eastern time', () => {
    expect(normalizeTimeZone('UTC-5')).toBe(CONFIGURATION_DEFAULTS.timeZone);
  });

  it('is valid against its own limits', () => {
    expect(isValidCheckTime(CONFIGURATION_DEFAULTS.checkTime)).toBe(true);
    expect(isValidIanaTimeZone(CONFIGURATION_DEFAULTS.timeZone)).toBe(true);
    expect(DAYS_BEFORE_EXPIRATION_RANGE).toEqual({ min: 1, max: 30 });
    expect(PASSWORD_VALIDITY_DAYS_RANGE).toEqual({ min: 30, max: 3650 });
    expect(CONFIGURATION_DEFAULTS.daysBeforeExpiration).toBeGreaterThanOrEqual(DAYS_BEFORE_EXPIRATION_RANGE.min);
    expect(CONFIGURATION_DEFAULTS.daysBeforeExpiration).toBeLessThanOrEqual(DAYS_BEFORE_EXPIRATION_RANGE.max);
    expect(CONFIGURATION_DEFAULTS.passwordValidityDays).toBeGreaterThanOrEqual(PASSWORD_VALIDITY_DAYS_RANGE.min);
    expect(CONFIGURATION_DEFAULTS.passwordValidityDays).toBeLessThanOrEqual(PASSWORD_VALIDITY_DAYS_RANGE.max);
  });

  it('names the four original template variables, then the sign-in name and the password-change link', () => {
    expect(TEMPLATE_VARIABLES).toEqual([
      '{{userName}}',
      '{{daysRemaining}}',
      '{{expirationDate}}',
      '{{companyName}}',
      '{{userPrincipalName}}',
      '{{changePasswordUrl}}',
    ]);
  });
});
