import { describe, expect, it } from 'vitest';
import { createTenantBody } from '../../shared/api/tenants';
import { firstErrorPerField, validateForm } from './form-errors';

describe('validateForm with the organization contract', () => {
  it('names both missing fields', () => {
    expect(validateForm(createTenantBody, { name: '  ', domain: '' })).toEqual({
      success: false,
      fieldErrors: { name: 'Company name is required', domain: 'Domain is required' },
    });
  });

  it('rejects a malformed domain', () => {
    expect(validateForm(createTenantBody, { name: 'Contoso', domain: 'not a domain' })).toEqual({
      success: false,
      fieldErrors: { domain: 'Please enter a valid domain' },
    });
  });

  it('returns the normalised values when valid', () => {
    expect(validateForm(createTenantBody, { name: ' Contoso ', domain: 'Contoso.COM' })).toEqual({
      success: true,
      data: { name: 'Contoso', domain: 'contoso.com' },
    });
  });
});

describe('firstErrorPerField', () => {
  it('keeps the first message of each field and skips empty lists', () => {
    expect(firstErrorPerField({ name: ['First', 'Second'], domain: [] })).toEqual({ name: 'First' });
  });
});
