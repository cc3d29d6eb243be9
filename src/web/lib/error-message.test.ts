import { describe, expect, it } from 'vitest';
import { getErrorMessage, isUnauthorizedError, parseApiError } from './error-message';

describe('parseApiError', () => {
  it('reads status, message and field errors from a request error', () => {
    const error = new Error(
      '400: {"message":"Company name is required","fieldErrors":{"name":["Company name is required"],"domain":[]}}',
    );
    expect(parseApiError(error)).toEqual({
      status: 400,
      message: 'Company name is required',
      fieldErrors: { name: ['Company name is required'] },
    });
  });

  it('has no message when the body is not the JSON error shape', () => {
    expect(parseApiError(new Error('502: Bad Gateway'))).toEqual({ status: 502, message: null, fieldErrors: {} });
    expect(parseApiError(new Error('500: ["x"]')).message).toBeNull();
    expect(parseApiError(new Error('500: {"message":"  "}')).message).toBeNull();
    expect(parseApiError(new Error('500: {"message":42}')).message).toBeNull();
  });

  it('ignores malformed field errors', () => {
    const error = new Error('400: {"message":"Invalid","fieldErrors":{"name":"not a list","domain":[1,"Please enter a valid domain"]}}');
    expect(parseApiError(error).fieldErrors).toEqual({ domain: ['Please enter a valid domain'] });
  });

  it('has no status for errors that are not HTTP errors', () => {
    expect(parseApiError(new TypeError('Failed to fetch'))).toEqual({ status: null, message: null, fieldErrors: {} });
    expect(parseApiError('400: {"message":"a string, not an Error"}').status).toBeNull();
  });

  it('keeps a multi-line body intact', () => {
    expect(parseApiError(new Error('409: {\n"message": "Already exists"\n}')).message).toBe('Already exists');
  });
});

describe('getErrorMessage', () => {
  it("prefers the server's message", () => {
    expect(getErrorMessage(new Error('409: {"message":"Organization already exists"}'), 'Failed to create company')).toBe(
      'Organization already exists',
    );
  });

  it('falls back to the given text', () => {
    expect(getErrorMessage(new Error('500: Internal Server Error'), 'Failed to create company')).toBe('Failed to create company');
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'Failed to send email')).toBe('Failed to send email');
  });
});

describe('isUnauthorizedError', () => {
  it('is true only for 401 errors', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: {"message":"Forbidden"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('4011: x'))).toBe(false);
  });
});
