import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '@/test-support/memory-storage';
import type { ConfigurationFormValues } from './configuration-form-values';
import { clearFormState, FORM_STATE_TTL_MS, formStateStorageKey, readFormState, saveFormState } from './form-state-storage';

const values: ConfigurationFormValues = {
  entraTenantId: 'contoso.onmicrosoft.com',
  azureDirectoryId: '3f2a9c71-5d4e-4b8a-9e1f-6c7d8a2b4e90',
  applicationId: 'a7c3e9f1-2b4d-4e6a-8c1f-3d5b7a9e2c64',
  clientSecret: 'Dmo8Q~super-secret-value',
  clientSecretExpiresAt: '2028-11-24',
  fromEmail: 'passwatch@contoso.com',
  emailTemplate: '<p>Hi</p>',
  checkTime: '08:00',
  timeZone: 'America/New_York',
  daysBeforeExpiration: '7',
  weekendProcessing: 'weekdays',
  passwordValidityDays: '365',
  includeGroups: ['g1'],
  excludeGroups: [],
};

const savedAt = Date.UTC(2025, 2, 1, 12, 0, 0);

describe('form state in session storage', () => {
  it('never writes the client secret', () => {
    const storage = memoryStorage();
    saveFormState(storage, 'org-1', values, savedAt);
    const raw = storage.entries.get(formStateStorageKey('org-1')) ?? '';
    expect(raw).not.toContain('super-secret');
    expect(JSON.parse(raw).values).not.toHaveProperty('clientSecret');
  });

  it('restores the form within 10 minutes of the last edit', () => {
    const storage = memoryStorage();
    saveFormState(storage, 'org-1', values, savedAt);
    const { clientSecret: _secret, ...stored } = values;
    expect(readFormState(storage, 'org-1', savedAt + FORM_STATE_TTL_MS)).toEqual({ values: stored, savedAt });
  });

  it('drops a form older than 10 minutes', () => {
    const storage = memoryStorage();
    saveFormState(storage, 'org-1', values, savedAt);
    expect(readFormState(storage, 'org-1', savedAt + FORM_STATE_TTL_MS + 1)).toBeNull();
  });

  it('drops a form without a tenant ID', () => {
    const storage = memoryStorage();
    saveFormState(storage, 'org-1', { ...values, entraTenantId: '  ' }, savedAt);
    expect(readFormState(storage, 'org-1', savedAt)).toBeNull();
  });

  it('keeps each organization apart', () => {
    const storage = memoryStorage();
    saveFormState(storage, 'org-1', values, savedAt);
    expect(readFormState(storage, 'org-2', savedAt)).toBeNull();
  });

  it.each(['not json', '{"savedAt":1}', JSON.stringify({ savedAt, values: { ...values, weekendProcessing: 'sometimes' } })])(
    'ignores a malformed entry: %s',
    (raw) => {
      const storage = memoryStorage();
      storage.setItem(formStateStorageKey('org-1'), raw);
      expect(readFormState(storage, 'org-1', savedAt)).toBeNull();
    },
  );

  it('is gone once cleared', () => {
    const storage = memoryStorage();
    saveFormState(storage, 'org-1', values, savedAt);
    clearFormState(storage, 'org-1');
    expect(storage.entries.size).toBe(0);
  });

  it('survives storage that refuses to work', () => {
    const broken = refusingStorage();
    expect(() => saveFormState(broken, 'org-1', values, savedAt)).not.toThrow();
    expect(readFormState(broken, 'org-1', savedAt)).toBeNull();
  });
});
