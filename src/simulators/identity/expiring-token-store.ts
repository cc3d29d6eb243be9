import { randomBytes } from 'node:crypto';

/** Opaque random tokens mapped to a value until they expire: authorization codes, access tokens. */
export interface ExpiringTokenStore<T> {
  issue(value: T): string;
  /** Returns the value while the token is valid, leaving it usable. */
  peek(token: string): T | undefined;
  /** Returns the value while the token is valid and invalidates it: one use only. */
  take(token: string): T | undefined;
}

export function createExpiringTokenStore<T>(clock: () => Date, lifetimeMs: number): ExpiringTokenStore<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  const isLive = (entry: { expiresAt: number }) => clock().getTime() < entry.expiresAt;

  return {
    issue(value) {
      // Sweep on write so a long-running demo does not accumulate dead tokens.
      for (const [token, entry] of entries) if (!isLive(entry)) entries.delete(token);
      const token = randomBytes(32).toString('base64url');
      entries.set(token, { value, expiresAt: clock().getTime() + lifetimeMs });
      return token;
    },
    peek(token) {
      const entry = entries.get(token);
      return entry && isLive(entry) ? entry.value : undefined;
    },
    take(token) {
      const entry = entries.get(token);
      entries.delete(token);
      return entry && isLive(entry) ? entry.value : undefined;
    },
  };
}
