/** Field name -> messages, as a form shows them beside each input. */
export type FieldErrors = Record<string, string[]>;

/**
 * The body of every error answer: a message for a toast and, when request input was refused, the
 * messages by field. Plain types only: the web reads it without a schema library, because its
 * request helper is part of the signed-out landing page's bundle.
 */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: FieldErrors;
}
