// The texts of docs/product.md §Validation for invalid input. Server and web show the same words.
import { DAYS_BEFORE_EXPIRATION_RANGE, PASSWORD_VALIDITY_DAYS_RANGE } from './configuration-defaults.js';

export const organizationMessages = {
  nameRequired: 'Company name is required',
  domainRequired: 'Domain is required',
  domainInvalid: 'Please enter a valid domain',
} as const;

export const tenantMessages = {
  tenantIdRequired: 'Tenant ID required',
  organizationNotFound: 'Organization not found',
} as const;

export const profileMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Valid email is required',
} as const;

// Configuration form (docs/product.md §Validation). The "required" texts are the product's; the range and group
// texts are ours and quote the limits from configuration-defaults.ts.
export const configurationMessages = {
  tenantIdRequired: 'Tenant ID is required',
  azureDirectoryIdRequired: 'Azure Directory ID is required',
  applicationIdRequired: 'Application ID is required',
  fromEmailInvalid: 'Valid email address is required',
  emailTemplateRequired: 'Email template is required',
  checkTimeRequired: 'Check time is required',
  checkTimeInvalid: 'Check time must be a 24-hour time such as 08:00',
  timeZoneRequired: 'Time zone is required',
  timeZoneInvalid: 'Time zone must be a valid IANA time zone such as America/New_York',
  weekendProcessingRequired: 'Weekend processing setting is required',
  daysBeforeExpirationRange: `Days before expiration must be a whole number from ${DAYS_BEFORE_EXPIRATION_RANGE.min} to ${DAYS_BEFORE_EXPIRATION_RANGE.max}`,
  passwordValidityDaysRange: `Password validity must be a whole number of days from ${PASSWORD_VALIDITY_DAYS_RANGE.min} to ${PASSWORD_VALIDITY_DAYS_RANGE.max}`,
  groupInBothLists: 'A group cannot be both included and excluded',
  groupIdInvalid: 'A group must be given by its object id (a GUID)',
} as const;
