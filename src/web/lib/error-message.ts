// Errors from apiRequest and the query fetcher read "<status>: <body>", where the server's body is
// JSON `{ message, fieldErrors? }`. These helpers turn them back into what the user should see.

export type FieldErrors = Record<string, string[]>;

export interface ParsedApiError {
  /** HTTP status, or null when the request never got an answer (network failure). */
  status: number | null;
  /** The server's message, or null when it sent none. */
  message: string | null;
  fieldErrors: FieldErrors;
}

const statusPrefix = /^(\d{3}): ([\s\S]*)$/;

export function parseApiError(error: unknown): ParsedApiError {
  const match = error instanceof Error ? statusPrefix.exec(error.message) : null;
  if (!match) return { status: null, message: null, fieldErrors: {} };
  const body = parseJsonObject(match[2] ?? '');
  const message = typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null;
  return { status: Number(match[1]), message, fieldErrors: readFieldErrors(body?.fieldErrors) };
}

/** The server's message for a toast, or the action's fallback text (docs/product.md §Messages). */
export function getErrorMessage(error: unknown, fallback: string): string {
  return parseApiError(error).message ?? fallback;
}

export function isUnauthorizedError(error: unknown): boolean {
  return parseApiError(error).status === 401;
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function readFieldErrors(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (!Array.isArray(messages)) continue;
    const texts = messages.filter((m): m is string => typeof m === 'string' && m !== '');
    if (texts.length > 0) result[field] = texts;
  }
  return result;
}
