// ID tokens of the simulated Microsoft sign-in (docs/domain.md §Admin sign-in for Connect with
// Microsoft): RS256, signed by a key the tenant's OpenID metadata publishes at
// /{tenant}/discovery/v2.0/keys, with the v2.0 claims Entra sends: iss names the account's tenant,
// aud the app, tid, oid, a pairwise sub, nonce, and wids (the directory roles).
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { type JWK, SignJWT } from 'jose';
import type { SignInAccount } from './sign-in-accounts.js';
import type { GraphSimulatorState } from './state.js';

/** Entra's ID tokens are good for an hour. */
const ID_TOKEN_LIFETIME_SECONDS = 3600;

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
}

// One key per simulator, made when first needed: ID tokens are short-lived, so a restart may change it.
const signingKeys = new WeakMap<GraphSimulatorState, SigningKey>();

function signingKeyOf(state: GraphSimulatorState): SigningKey {
  let key = signingKeys.get(state);
  if (!key) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicJwk = publicKey.export({ format: 'jwk' }) as JWK;
    const kid = createHash('sha256').update(String(publicJwk.n)).digest('base64url').slice(0, 27);
    key = { kid, privateKey, publicJwk: { ...publicJwk, kid, use: 'sig', alg: 'RS256', kty: 'RSA' } };
    signingKeys.set(state, key);
  }
  return key;
}

/** The JSON Web Key Set a tenant's metadata points to. */
export function signingKeySet(state: GraphSimulatorState): { keys: JWK[] } {
  return { keys: [signingKeyOf(state).publicJwk] };
}

export interface IdTokenRequest {
  account: SignInAccount;
  clientId: string;
  nonce: string | undefined;
  /** Scheme and host of the simulator as the client called it: the issuer's origin. */
  origin: string;
}

export async function issueIdToken(state: GraphSimulatorState, request: IdTokenRequest): Promise<string> {
  const { account } = request;
  const key = signingKeyOf(state);
  const now = Math.floor(state.clock().getTime() / 1000);
  const claims: Record<string, unknown> = {
    tid: account.tenant.id,
    oid: account.objectId,
    name: account.displayName,
    preferred_username: account.userPrincipalName,
    wids: account.wids,
    ver: '2.0',
  };
  if (request.nonce !== undefined) claims.nonce = request.nonce;
  return (
    new SignJWT(claims)
      .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: key.kid })
      .setIssuer(`${request.origin}/${account.tenant.id}/v2.0`)
      .setAudience(request.clientId)
      // Entra's sub is pairwise: the same user has another sub in another app.
      .setSubject(createHash('sha256').update(`${account.objectId}:${request.clientId}`).digest('base64url').slice(0, 43))
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + ID_TOKEN_LIFETIME_SECONDS)
      .sign(key.privateKey)
  );
}
