import type { z } from 'zod';
import type { FieldErrors } from '../../shared/api/errors.js';
import { badRequest } from './app-error.js';

/**
 * Parses request input with a shared zod contract. On failure answers 400 with the first
 * message as the summary (the documented text) and every message by field.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
  }
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid request', fieldErrors);
}
