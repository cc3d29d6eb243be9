import { createHash } from 'node:crypto';

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
function s256CodeChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

export function verifierMatchesChallenge(codeVerifier: string, codeChallenge: string): boolean {
  return s256CodeChallenge(codeVerifier) === codeChallenge;
}
