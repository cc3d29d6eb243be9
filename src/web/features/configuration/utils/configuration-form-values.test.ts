import { describe, expect, it } from 'vitest';
import { CONFIGURATION_FIELD_ORDER, configurationBody, type Configuration } from '../../../../shared/api/configuration';
import { configurationMessages } from '../../../../shared/domain/validation-messages';
import { validateForm } from '@/lib/form-errors';
import { buildConfiguration } from '../../../test-support/factories';
import {
  changesConnection,
  configurationFormValuesSchema,
  toConfigurationPayload,
  toFormValues,
  type ConfigurationFormValues,
} from './configuration-form-values';

const savedConfiguration = buildConfiguration({
  clientSecretExpiresAt: '2027-03-01',
  emailTemplate: '<p>Hello {{userName}}, {{daysRemaining}} days left.</p>',
  automationEnabled: false,
  includeGroups: ['0b9e4c2a-7f31-4d6e-a8b5-1c3d5e7f9a20'],
  excludeGroups: ['1c8f5d3b-6e42-4a7f-b9c6-2d4e6f8a0b31'],
});

const unsaved: Configuration = {
  ...savedConfiguration,
  configured: false,
  entraTenantId: '',
  azureDirectoryId: '',
  applicationId: '',
  hasClientSecret: false,
  clientSecretUpdatedAt: null,
  clientSecretExpiresAt: null,
  fromEmail: '',
  emailTemplate: '',
  includeGroups: [],
  excludeGroups: [],
  updatedAt: null,
};

function formValues(overrides: Partial<ConfigurationFormValues> = {}): ConfigurationFormValues {
  return { ...toFormValues(savedConfiguration, null), ...overrides };
}

describe('the form values derived from the contract', () => {
  it('edits every field of the body but the automation switch, each with a place in the focus order', () => {
    const formFields = Object.keys(configurationFormValuesSchema.shape).sort();
    expect(formFields).toEqual(CONFIGURATION_FIELD_ORDER.filter((field) => field !== 'automationEnabled').sort());
  });
});

describe('toFormValues', () => {
  it('shows the saved configuration with an empty secret field and numbers as text', () => {
    expect(toFormValues(savedConfiguration, '<p>Default</p>')).toMatchObject({
      entraTenantId: 'contoso.onmicrosoft.com',
      clientSecret: '',
      clientSecretExpiresAt: '2027-03-01',
      emailTemplate: savedConfiguration.emailTemplate,
      daysBeforeExpiration: '7',
      passwordValidityDays: '365',
      includeGroups: ['0b9e4c2a-7f31-4d6e-a8b5-1c3d5e7f9a20'],
    });
  });

  it('fills the empty template of an unsaved configuration with the default template', () => {
    expect(toFormValues(unsaved, '<p>Default</p>').emailTemplate).toBe('<p>Default</p>');
    expect(toFormValues(unsaved, null).emailTemplate).toBe('');
  });

  it('shows no recorded expiry date as an empty date field', () => {
    expect(toFormValues(unsaved, null).clientSecretExpiresAt).toBe('');
  });

  it('copies the group lists, so editing the form never changes the cached configuration', () => {
    const values = toFormValues(savedConfiguration, null);
    values.includeGroups.push('2d7a6e4c-5f53-4b8a-8ad7-3e5f7a9b1c42');
    expect(savedConfiguration.includeGroups).toEqual(['0b9e4c2a-7f31-4d6e-a8b5-1c3d5e7f9a20']);
  });
});

describe('toConfigurationPayload', () => {
  it('leaves a blank client secret out so the saved one is kept', () => {
    expect(toConfigurationPayload(formValues({ clientSecret: '   ' }), true)).not.toHaveProperty('clientSecret');
    expect(toConfigurationPayload(formValues({ clientSecret: 'abc~123' }), true)).toHaveProperty('clientSecret', 'abc~123');
  });

  it("speaks the API's names (the Entra tenant is tenantId there) and sends an empty expiry date as null", () => {
    const payload = toConfigurationPayload(formValues({ clientSecretExpiresAt: '' }), true);
    expect(payload).toMatchObject({ tenantId: 'contoso.onmicrosoft.com', clientSecretExpiresAt: null });
    expect(payload).not.toHaveProperty('entraTenantId');
  });

  it('sends the saved automation setting, which the form does not edit', () => {
    expect(toConfigurationPayload(formValues(), false).automationEnabled).toBe(false);
  });

  it('is a valid configuration for the shared contract', () => {
    const result = validateForm(configurationBody, toConfigurationPayload(formValues({ timeZone: 'UTC-5' }), true));
    expect(result.success && result.data).toMatchObject({ daysBeforeExpiration: 7, passwordValidityDays: 365, timeZone: 'America/New_York' });
  });

  it('turns emptied number fields into range errors rather than defaults', () => {
    const result = validateForm(configurationBody, toConfigurationPayload(formValues({ daysBeforeExpiration: '', passwordValidityDays: ' ' }), true));
    expect(result).toEqual({
      success: false,
      fieldErrors: {
        daysBeforeExpiration: configurationMessages.daysBeforeExpirationRange,
        passwordValidityDays: configurationMessages.passwordValidityDaysRange,
      },
    });
  });

  it('reports the documented messages for missing credentials', () => {
    const result = validateForm(
      configurationBody,
      toConfigurationPayload(formValues({ entraTenantId: '', azureDirectoryId: '', applicationId: '', fromEmail: 'nope' }), true),
    );
    // The contract reports in the API's names; the form maps them back (entra-tenant-wire-name.ts).
    expect(result.success ? {} : result.fieldErrors).toMatchObject({
      tenantId: 'Tenant ID is required',
      azureDirectoryId: 'Azure Directory ID is required',
      applicationId: 'Application ID is required',
      fromEmail: 'Valid email address is required',
    });
  });
});

describe('changesConnection', () => {
  const body = (overrides: Partial<ConfigurationFormValues> = {}) => {
    const result = validateForm(configurationBody, toConfigurationPayload(formValues(overrides), true));
    if (!result.success) throw new Error(JSON.stringify(result.fieldErrors));
    return result.data;
  };

  it('is false when only the schedule or the groups change', () => {
    expect(changesConnection(savedConfiguration, body({ checkTime: '09:30', includeGroups: ['2d7a6e4c-5f53-4b8a-8ad7-3e5f7a9b1c42'] }))).toBe(false);
  });

  it('is true for a new secret or other IDs', () => {
    expect(changesConnection(savedConfiguration, body({ clientSecret: 'new-secret' }))).toBe(true);
    expect(changesConnection(savedConfiguration, body({ applicationId: 'c4e8a2f6-1d3b-4a5c-9e7f-2b6d8c1a4e39' }))).toBe(true);
    expect(changesConnection(unsaved, body())).toBe(true);
  });
});
