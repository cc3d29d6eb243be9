import type { z } from 'zod';

/** The part of the Web Storage API Passwatch uses (localStorage, sessionStorage). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

// Storage can be disabled or full (private windows, quotas, sandboxed frames). What it would
// keep then lasts for the page only, which is still usable, so every access swallows the failure.
function ignoreStorageFailure<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

/** The browser's storage area, or null outside a browser or where the browser refuses access. */
export function browserStorage(area: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  return ignoreStorageFailure(() => (typeof window === 'undefined' ? null : window[area])) ?? null;
}

/** The entry under `key` if it is JSON that `schema` accepts; null if missing, unreadable or invalid. */
export function readStoredJson<Schema extends z.ZodType>(storage: KeyValueStorage | null, key: string, schema: Schema): z.output<Schema> | null {
  const raw = ignoreStorageFailure(() => storage?.getItem(key)) ?? null;
  if (raw === null) return null;
  const parsed = schema.safeParse(parseJson(raw));
  return parsed.success ? parsed.data : null;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function writeStoredJson(storage: KeyValueStorage | null, key: string, value: unknown): void {
  ignoreStorageFailure(() => storage?.setItem(key, JSON.stringify(value)));
}

export function removeStoredItem(storage: KeyValueStorage | null, key: string): void {
  ignoreStorageFailure(() => storage?.removeItem(key));
}
