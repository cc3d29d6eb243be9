import { z } from 'zod';

export const textMessages = {
  brokenText: 'Text must not contain NUL characters or broken Unicode characters (unpaired surrogates)',
  unsafeName: (label: string) => `${label} must not contain control, text-direction or invisible characters`,
} as const;

// NUL cannot be stored in PostgreSQL text, and a UTF-16 surrogate without its pair is no Unicode
// character at all (it cannot be encoded as UTF-8 nor put into a URL). With the `u` flag a
// well-formed pair is one code point, so the class matches only unpaired halves.
const BROKEN_TEXT = /[\0\uD800-\uDFFF]/u;

// Characters that change how a name reads without being seen: control characters, the
// bidirectional marks, embeddings, overrides and isolates ("\u202Egnp.exe" displays as
// "exe.png"), and the zero-width characters that make two identical-looking names differ.
const UNSAFE_IN_NAME = /[\p{Cc}\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

const isWellFormedText = (value: string): boolean => !BROKEN_TEXT.test(value);

/**
 * Every free-text field of a request: any string that can be stored, logged and sent on. Build
 * on it (`.trim().min()...`) instead of `z.string()`.
 */
export const text = (message?: string) => z.string(message === undefined ? undefined : { error: message }).refine(isWellFormedText, textMessages.brokenText);

/** Text that other people read as a name (organization, person): also nothing invisible or reordering. */
export const nameText = (label: string, message?: string) => text(message).refine((value) => !UNSAFE_IN_NAME.test(value), textMessages.unsafeName(label));
