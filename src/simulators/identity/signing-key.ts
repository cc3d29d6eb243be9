import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Published at the jwks_uri. */
  publicJwk: JWK;
}

/** A fresh RS256 key per run: tokens from a previous run must not verify. */
export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}

/** Lifetime of the id_token and of the access token issued with it. */
export const TOKEN_LIFETIME_SECONDS = 3600;

export function signIdToken(key: SigningKey, token: { issuer: string; audience: string; claims: Record<string, unknown>; issuedAt: Date }): Promise<string> {
  const iat = Math.floor(token.issuedAt.getTime() / 1000);
  return new SignJWT(token.claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(token.issuer)
    .setAudience(token.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key.privateKey);
}
