// Configuration defaults and limits (docs/product.md §Constants).
import { DEFAULT_TIME_ZONE } from './time-zones.js';
import type { WeekendProcessing } from './schedule.js';

export const DAYS_BEFORE_EXPIRATION_RANGE = { min: 1, max: 30 } as const;
export const PASSWORD_VALIDITY_DAYS_RANGE = { min: 30, max: 3650 } as const;

export interface ConfigurationDefaults {
  checkTime: string;
  timeZone: string;
  daysBeforeExpiration: number;
  weekendProcessing: WeekendProcessing;
  automationEnabled: boolean;
  passwordValidityDays: number;
}

export const CONFIGURATION_DEFAULTS: Readonly<ConfigurationDefaults> = Object.freeze({
  checkTime: '08:00',
  timeZone: DEFAULT_TIME_ZONE,
  daysBeforeExpiration: 7,
  weekendProcessing: 'skip',
  automationEnabled: true,
  passwordValidityDays: 365,
});

/** The placeholders an email template may use; each is replaced per recipient. */
export const TEMPLATE_VARIABLES = [
  '{{userName}}',
  '{{daysRemaining}}',
  '{{expirationDate}}',
  '{{companyName}}',
  '{{userPrincipalName}}',
  '{{changePasswordUrl}}',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
