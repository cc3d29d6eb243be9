import { describe, expect, it } from 'vitest';
import { configurationMessages } from './validation-messages.js';

describe('configuration messages (docs/product.md §Validation)', () => {
  it('uses the documented texts verbatim', () => {
    expect(configurationMessages).toMatchObject({
      tenantIdRequired: 'Tenant ID is required',
      azureDirectoryIdRequired: 'Azure Directory ID is required',
      applicationIdRequired: 'Application ID is required',
      fromEmailInvalid: 'Valid email address is required',
      emailTemplateRequired: 'Email template is required',
      checkTimeRequired: 'Check time is required',
      timeZoneRequired: 'Time zone is required',
      weekendProcessingRequired: 'Weekend processing setting is required',
    });
  });

  it('quotes the numeric limits in the range messages', () => {
    expect(configurationMessages.daysBeforeExpirationRange).toBe('Days before expiration must be a whole number from 1 to 30');
    expect(configurationMessages.passwordValidityDaysRange).toBe('Password validity must be a whole number of days from 30 to 3650');
    expect(configurationMessages.groupInBothLists).toBe('A group cannot be both included and excluded');
  });
});
