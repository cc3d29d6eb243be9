import { describe, expect, it } from 'vitest';
import { ApiError, UnexpectedResponseError } from './api-client';
import { fieldErrorsOf, getErrorMessage, isUnauthorizedError } from './error-message';

describe('getErrorMessage', () => {
  it("prefers the server's message", () => {
    expect(getErrorMessage(new ApiError(409, { message: 'Organization already exists' }), 'Failed to create company')).toBe('Organization already exists');
  });

  it('falls back to the given text', () => {
    expect(getErrorMessage(new ApiError(500, null, 'Internal Server Error'), 'Failed to create company')).toBe('Failed to create company');
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'Failed to send email')).toBe('Failed to send email');
    // An answer that broke the contract says so in the console's error, not to the user.
    expect(getErrorMessage(new UnexpectedResponseError(200, '/api/tenants', ['0.id: Invalid input']), 'Failed to load')).toBe('Failed to load');
    // An Error that merely reads like an answer is not one.
    expect(getErrorMessage(new Error('409: {"message":"Organization already exists"}'), 'Failed to create company')).toBe('Failed to create company');
  });
});

describe('fieldErrorsOf', () => {
  it("gives the server's messages by field, and none for other failures", () => {
    const refused = new ApiError(400, { message: 'Domain is required', fieldErrors: { domain: ['Domain is required'] } });
    expect(fieldErrorsOf(refused)).toEqual({ domain: ['Domain is required'] });
    expect(fieldErrorsOf(new ApiError(403, { message: 'Forbidden' }))).toEqual({});
    expect(fieldErrorsOf(new TypeError('Failed to fetch'))).toEqual({});
  });
});

describe('isUnauthorizedError', () => {
  it('is true only for a 401 answer', () => {
    expect(isUnauthorizedError(new ApiError(401, { message: 'Unauthorized' }))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, { message: 'Forbidden' }))).toBe(false);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(false);
  });
});
