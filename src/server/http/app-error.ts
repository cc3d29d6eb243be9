import type { FieldErrors } from '../../shared/api/errors.js';

/**
 * An error a user or client can act on. Thrown by use cases; mapped once to an HTTP answer
 * `{ message, fieldErrors? }` by the app's error handler.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) => new AppError(400, message, fieldErrors);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
