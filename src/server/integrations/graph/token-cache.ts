/** Refresh this long before a token expires, so no request starts with a token about to lapse. */
const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

export interface AccessToken {
  accessToken: string;
  /** Epoch ms. */
  expiresAtMs: number;
}

export interface TokenCacheKey {
  authorityUrl: string;
  entraTenantId: string;
  clientId: string;
}

interface Entry {
  /** The credential the token was issued for: a changed secret or certificate must not reuse it. */
  credentialFingerprint: string;
  token: AccessToken | null;
  pending: Promise<AccessToken> | null;
}

/**
 * Access tokens per (authority, tenant, client), shared by every Graph client of the process so
 * a scan, a preview and a test of one organization ask Entra once. Concurrent callers share one
 * request; a changed credential discards the cached token.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  async get(
    key: TokenCacheKey,
    /** ClientCredential.fingerprint: names the credential without revealing it. */
    credentialFingerprint: string,
    nowMs: number,
    requestToken: () => Promise<AccessToken>,
    options: { forceRefresh?: boolean } = {},
  ): Promise<AccessToken> {
    const id = cacheId(key);
    let entry = this.entries.get(id);
    if (!entry || entry.credentialFingerprint !== credentialFingerprint) {
      entry = { credentialFingerprint, token: null, pending: null };
      this.entries.set(id, entry);
    }
    if (entry.token && !options.forceRefresh && nowMs < entry.token.expiresAtMs - TOKEN_REFRESH_MARGIN_MS) return entry.token;
    entry.pending ??= this.refresh(entry, requestToken);
    return entry.pending;
  }

  private refresh(entry: Entry, requestToken: () => Promise<AccessToken>): Promise<AccessToken> {
    return requestToken().then(
      (token) => {
        entry.token = token;
        entry.pending = null;
        return token;
      },
      (error: unknown) => {
        entry.pending = null;
        throw error;
      },
    );
  }

  /** Drops `accessToken` (Graph refused it) unless a newer one replaced it meanwhile. */
  invalidate(key: TokenCacheKey, accessToken: string): void {
    const entry = this.entries.get(cacheId(key));
    if (entry?.token?.accessToken === accessToken) entry.token = null;
  }
}

/** The process-wide cache Graph clients use unless given their own. */
export const sharedTokenCache = new TokenCache();

function cacheId({ authorityUrl, entraTenantId, clientId }: TokenCacheKey): string {
  return [authorityUrl, entraTenantId.toLowerCase(), clientId.toLowerCase()].join('|');
}
