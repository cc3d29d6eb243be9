import type { z } from 'zod';
import { newDebugId } from './ids.js';

export interface PayPalErrorDetail {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: 'body' | 'query' | 'path' | 'header';
}

/** An error reply: thrown by handlers and domain functions, sent as-is by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${statusCode}`);
  }
}

function informationLink(name: string) {
  return [{ href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#${name}`, rel: 'information_link', method: 'GET' }];
}

function paypalError(statusCode: number, name: string, message: string, details: PayPalErrorDetail[]): HttpError {
  return new HttpError(statusCode, { name, message, debug_id: newDebugId(), details, links: informationLink(name) });
}

export function invalidRequest(details: PayPalErrorDetail[]): HttpError {
  return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', details);
}

export function malformedJson(): HttpError {
  return invalidRequest([{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.', location: 'body' }]);
}

export function resourceNotFound(): HttpError {
  return paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' },
  ]);
}

export function unprocessable(issue: string, description: string, field?: string): HttpError {
  const detail: PayPalErrorDetail = field ? { issue, description, field, location: 'body' } : { issue, description };
  return paypalError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [
    detail,
  ]);
}

/** `action` names the operation in PayPal's wording, e.g. "suspend"; `allowed` the valid states. */
export function subscriptionStatusInvalid(action: string, allowed: string): HttpError {
  return unprocessable('SUBSCRIPTION_STATUS_INVALID', `Invalid subscription status for ${action} action; subscription status should be ${allowed}.`);
}

/** PayPal's 401 for API calls carries no debug_id or details. */
export function authenticationFailure(): HttpError {
  return new HttpError(401, {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
  });
}

export function internalServerError(): HttpError {
  return paypalError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.', []);
}

const ISSUE_DESCRIPTIONS = {
  MISSING_REQUEST_BODY: 'Request body is missing.',
  MISSING_REQUIRED_PARAMETER: 'A required field is missing.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_STRING_MAX_LENGTH: 'The value of a field is too long.',
  INVALID_STRING_MIN_LENGTH: 'The value of a field is too short.',
  INVALID_INTEGER_MAX_VALUE: 'The integer value of a field is too large.',
  INVALID_INTEGER_MIN_VALUE: 'The integer value of a field is too small.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
} as const;

type Issue = keyof typeof ISSUE_DESCRIPTIONS;

function issueFor(issue: z.core.$ZodIssue): Issue {
  const missing = !('input' in issue) || issue.input === undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return issue.path.length === 0 ? 'MISSING_REQUEST_BODY' : 'MISSING_REQUIRED_PARAMETER';
      return issue.path.length === 0 ? 'MISSING_REQUEST_BODY' : 'INVALID_PARAMETER_SYNTAX';
    case 'too_big':
      return issue.origin === 'string' ? 'INVALID_STRING_MAX_LENGTH' : issue.origin === 'array' ? 'INVALID_ARRAY_MAX_ITEMS' : 'INVALID_INTEGER_MAX_VALUE';
    case 'too_small':
      return issue.origin === 'string' ? 'INVALID_STRING_MIN_LENGTH' : issue.origin === 'array' ? 'INVALID_ARRAY_MIN_ITEMS' : 'INVALID_INTEGER_MIN_VALUE';
    case 'invalid_format':
      return 'INVALID_PARAMETER_SYNTAX';
    default:
      return 'INVALID_PARAMETER_VALUE';
  }
}

/**
 * Parses a request part with a zod schema, turning its issues into PayPal's 400 details
 * (JSON-pointer `field`, `location`, the offending `value` when it is a scalar).
 */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, input: unknown, location: 'body' | 'query'): z.output<Schema> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw invalidRequest(
    result.error.issues.map((zodIssue) => {
      const issue = issueFor(zodIssue);
      // Body fields are JSON pointers; query parameters are named plainly.
      const field = location === 'body' ? `/${zodIssue.path.join('/')}` : zodIssue.path.join('.');
      const detail: PayPalErrorDetail = { field, issue, description: ISSUE_DESCRIPTIONS[issue], location };
      const value = 'input' in zodIssue ? zodIssue.input : undefined;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') detail.value = String(value);
      return detail;
    }),
  );
}
