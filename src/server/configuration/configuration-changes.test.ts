import { describe, expect, it } from 'vitest';
import { CONFIGURATION_FIELD_ORDER, CONFIGURATION_FIELDS, configurationBody, type ConfigurationField } from '../../shared/api/configuration.js';
import { fromWire } from '../../shared/api/entra-tenant-wire-name.js';
import { CONNECTION_FIELDS, describeChanges, diffConfiguration, settingChangesOf } from './configuration-changes.js';
import type { ConfigurationSettings } from './configuration-store.js';

const settings: ConfigurationSettings = {
  entraTenantId: 'contoso.onmicrosoft.com',
  azureDirectoryId: '3f2a9c71-5d4e-4b8a-9e1f-6c7d8a2b4e90',
  applicationId: 'a7c3e9f1-2b4d-4e6a-8c1f-3d5b7a9e2c64',
  clientSecretExpiresAt: '2027-05-01',
  fromEmail: 'passwatch@contoso.com',
  emailTemplate: '<p>Hi</p>',
  checkTime: '08:00',
  timeZone: 'America/New_York',
  daysBeforeExpiration: 7,
  weekendProcessing: 'skip',
  passwordValidityDays: 90,
  automationEnabled: true,
  includeGroups: ['g1'],
  excludeGroups: [],
};

// Another value of the same type, so any field can be changed without knowing what it means.
function changed(value: unknown): unknown {
  if (typeof value === 'string') return `${value}-changed`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return [...value, 'g-new'];
  return 'changed';
}

describe('the change audit derived from the contract', () => {
  it('knows every field of the body, in the order of the contract', () => {
    const bodyFields = Object.keys(fromWire(configurationBody.in.shape));
    expect(Object.keys(CONFIGURATION_FIELDS).sort()).toEqual([...bodyFields].sort());
    expect(CONFIGURATION_FIELD_ORDER).toEqual(bodyFields);
  });

  it('makes a field map without one of the fields a compile error', () => {
    const { fromEmail: _left, ...withoutOne } = CONFIGURATION_FIELDS;
    // @ts-expect-error The map CONFIGURATION_FIELDS must satisfy: a missing field does not compile.
    const incomplete: Record<ConfigurationField, { label: string }> = withoutOne;
    expect(Object.keys(incomplete)).not.toContain('fromEmail');
  });

  it.each(Object.keys(settings) as (keyof ConfigurationSettings)[])('records a change of %s under its label', (field) => {
    const next = { ...settings, [field]: changed(settings[field]) } as ConfigurationSettings;
    const changes = diffConfiguration(settings, next, null);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.field).toBe(field);
    expect(describeChanges(changes)).toContain(CONFIGURATION_FIELDS[field].label);
  });

  it('records the client secret expiry with its dates, and a cleared one as none', () => {
    const cleared = diffConfiguration(settings, { ...settings, clientSecretExpiresAt: null }, null);
    expect(cleared).toEqual([{ field: 'clientSecretExpiresAt', from: '2027-05-01', to: null }]);
    expect(describeChanges(cleared)).toBe('client secret expiry (2027-05-01 → none)');
  });

  it('names the secret without its value and treats the tenant fields as the connection', () => {
    expect(describeChanges(diffConfiguration(settings, settings, 'replaced'))).toBe('client secret (replaced)');
    expect([...CONNECTION_FIELDS].sort()).toEqual(['applicationId', 'azureDirectoryId', 'clientSecret', 'entraTenantId']);
  });

  it('tells the security alert each change by its label, values as the audit writes them, groups as ids, never the secret', () => {
    const next: ConfigurationSettings = {
      ...settings,
      automationEnabled: false,
      clientSecretExpiresAt: null,
      emailTemplate: '<p>Hello</p>',
      includeGroups: ['g2'],
    };
    expect(settingChangesOf(diffConfiguration(settings, next, 'replaced'))).toEqual([
      { setting: 'client secret expiry', from: '2027-05-01', to: 'none' },
      { setting: 'automation', from: 'enabled', to: 'disabled' },
      { setting: 'email template', action: 'changed' },
      { setting: 'client secret', action: 'replaced' },
      { setting: 'include groups', added: ['g2'], removed: ['g1'] },
    ]);
  });
});
