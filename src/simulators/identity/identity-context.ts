import type { ExpiringTokenStore } from './expiring-token-store.js';
import type { ClientRegistry } from './identity-client.js';
import type { SignedInUser } from './signed-in-user.js';
import type { SigningKey } from './signing-key.js';

/** What a one-time authorization code stands for until the client redeems it. */
export interface AuthorizationGrant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  scope: string;
  user: SignedInUser;
  authTime: Date;
}

export interface AccessGrant {
  clientId: string;
  scope: string;
  user: SignedInUser;
}

/** State and services the issuer's routes share. */
export interface IdentityContext {
  clients: ClientRegistry;
  codes: ExpiringTokenStore<AuthorizationGrant>;
  accessTokens: ExpiringTokenStore<AccessGrant>;
  signingKey(): SigningKey;
  issuer(): string;
  clock(): Date;
}
