import { z } from 'zod';
import type { FieldErrors } from '../../shared/api/errors';
import { fieldErrorsOf } from './error-message';

/** One message per field: what a form shows under each control. */
export type FieldMessages = Record<string, string>;

function firstErrorPerField(fieldErrors: FieldErrors): FieldMessages {
  const messages: FieldMessages = {};
  for (const [field, errors] of Object.entries(fieldErrors)) {
    const first = errors?.[0];
    if (first) messages[field] = first;
  }
  return messages;
}

/** Validates form values with a shared contract schema, giving field-level messages on failure. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { success: true; data: z.output<S> } | { success: false; fieldErrors: FieldMessages } {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  return { success: false, fieldErrors: firstErrorPerField(z.flattenError(result.error).fieldErrors as FieldErrors) };
}

/** The server's first message per field when it refused a form's input; none for any other failure. */
export function serverFieldMessages(error: unknown): FieldMessages {
  return firstErrorPerField(fieldErrorsOf(error));
}
