import { describe, expect, it } from 'vitest';
import { createTenantBody } from '../../shared/api/tenants';
import { ApiError } from './api-client';
import { serverFieldMessages, validateForm } from './form-errors';

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

describe('serverFieldMessages', () => {
  it("keeps the first of the server's messages for each field and skips empty lists", () => {
    const refused = new ApiError(400, { message: 'First', fieldErrors: { name: ['First', 'Second'], domain: [] } });
    expect(serverFieldMessages(refused)).toEqual({ name: 'First' });
  });

  it('has none for a failure that is not a refusal of the input', () => {
    expect(serverFieldMessages(new ApiError(500, { message: 'Internal server error' }))).toEqual({});
    expect(serverFieldMessages(new TypeError('Failed to fetch'))).toEqual({});
  });
});
