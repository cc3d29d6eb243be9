import type { FieldErrors } from '../../shared/api/errors';
import { ApiError } from './api-client';

// What the user sees of a failed call: the server's message when it sent one, else the action's
// own text. A network failure or an answer that broke the contract has no message for the user.

/** The server's message for a toast, or the action's fallback text (docs/product.md §Messages). */
export function getErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.body?.message ?? fallback) : fallback;
}

/** The server's messages by field, when it refused the request's input. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? (error.body?.fieldErrors ?? {}) : {};
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
