import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../../../shared/api/configuration';
import type { ConfigurationFormValues } from './configuration-form-values';
import { editDraft, hasUnsavedChanges, settleDraftAfterSave } from './form-draft';

const shown: ConfigurationFormValues = {
  entraTenantId: 'contoso.onmicrosoft.com',
  azureDirectoryId: '3f2a9c71-5d4e-4b8a-9e1f-6c7d8a2b4e90',
  applicationId: 'a7c3e9f1-2b4d-4e6a-8c1f-3d5b7a9e2c64',
  clientSecret: '',
  clientSecretExpiresAt: '',
  fromEmail: 'passwatch@contoso.com',
  emailTemplate: '<p>Hi</p>',
  checkTime: '08:00',
  timeZone: 'America/New_York',
  daysBeforeExpiration: '7',
  weekendProcessing: 'skip',
  passwordValidityDays: '365',
  includeGroups: [],
  excludeGroups: [],
};

const saved = { includeGroups: ['g1'], excludeGroups: ['g2'] } as Configuration;

describe('editDraft', () => {
  it('applies the edit on top of what the form shows', () => {
    expect(editDraft(shown, { checkTime: '09:00' }, 42)).toEqual({ values: { ...shown, checkTime: '09:00' }, editedAt: 42 });
  });
});

describe('settleDraftAfterSave', () => {
  it('drops the draft when nothing was edited while saving', () => {
    const sent = editDraft(shown, { clientSecret: 'secret' }, 1);
    expect(settleDraftAfterSave(sent, { draft: sent, values: sent.values }, saved)).toBeNull();
    expect(settleDraftAfterSave(null, { draft: null, values: shown }, saved)).toBeNull();
  });

  it('keeps edits made while saving, with the saved groups and without the secret already sent', () => {
    const sent = editDraft(shown, { clientSecret: 'secret' }, 1);
    const typedMeanwhile = editDraft(sent.values, { checkTime: '10:15' }, 2);
    expect(settleDraftAfterSave(typedMeanwhile, { draft: sent, values: { ...sent.values, includeGroups: ['g1'] } }, saved)).toEqual({
      editedAt: 2,
      values: { ...shown, checkTime: '10:15', clientSecret: '', includeGroups: ['g1'], excludeGroups: ['g2'] },
    });
  });

  it('keeps a secret typed after the save started', () => {
    const typedMeanwhile = editDraft(shown, { clientSecret: 'newer-secret' }, 2);
    expect(settleDraftAfterSave(typedMeanwhile, { draft: null, values: shown }, saved)?.values.clientSecret).toBe('newer-secret');
  });
});

describe('hasUnsavedChanges', () => {
  it('compares fields and group lists by value', () => {
    expect(hasUnsavedChanges({ ...shown, includeGroups: ['g1'] }, { ...shown, includeGroups: ['g1'] })).toBe(false);
    expect(hasUnsavedChanges({ ...shown, includeGroups: ['g1', 'g2'] }, { ...shown, includeGroups: ['g1'] })).toBe(true);
    expect(hasUnsavedChanges({ ...shown, clientSecret: 'typed' }, shown)).toBe(true);
  });
});
