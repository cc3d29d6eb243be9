import { describe, expect, it } from 'vitest';
import type { ConfigurationFormValues } from './configuration-form-values';
import { previewRequestOf } from './preview-request';

const values = {
  includeGroups: ['g1'],
  excludeGroups: ['g2'],
  passwordValidityDays: '90',
} as ConfigurationFormValues;

describe('previewRequestOf', () => {
  it('asks with the form groups and its validity', () => {
    expect(previewRequestOf(values)).toEqual({ includeGroups: ['g1'], excludeGroups: ['g2'], passwordValidityDays: 90 });
  });

  it.each(['', '29', '3651', '90.5', 'abc'])('leaves an unusable validity (%s) to the saved configuration', (passwordValidityDays) => {
    expect(previewRequestOf({ ...values, passwordValidityDays })).not.toHaveProperty('passwordValidityDays');
  });
});
