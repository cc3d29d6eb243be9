// Certificate credentials at the token endpoint (docs/domain.md §Client assertions): the client
// proves itself with a JWT signed by the private key of a certificate uploaded to its app
// registration, sent as `client_assertion` with
// `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer`. Each refusal is
// the AADSTS error Entra gives for it.
import { createHash, X509Certificate } from 'node:crypto';
import { compactVerify, decodeJwt, decodeProtectedHeader, errors as joseErrors } from 'jose';
import { TokenEndpointError } from './errors.js';
import type { AppCertificate, AppRegistration, GraphSimulatorState } from './state.js';

export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The algorithms Entra takes for certificate assertions. */
const ALGORITHMS = ['RS256', 'PS256'];
/** Entra tolerates this much clock difference on nbf and exp. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The public half of a PEM certificate, as an app registration's keyCredentials hold it. */
export function appCertificate(certificatePem: string): AppCertificate {
  const certificate = new X509Certificate(certificatePem);
  const thumbprint = (algorithm: string) => createHash(algorithm).update(certificate.raw).digest('base64url');
  return {
    thumbprintSha1: thumbprint('sha1'),
    thumbprintSha256: thumbprint('sha256'),
    publicKey: certificate.publicKey,
    notBefore: Date.parse(certificate.validFrom),
    notAfter: Date.parse(certificate.validTo),
  };
}

/**
 * Checks a client assertion for `application`: the certificate it names, its signature, `iss` and
 * `sub` (the client id), `aud` (one of `audiences`: this token endpoint), its lifetime, and that its
 * `jti` was never used before. Throws the TokenEndpointError Entra answers.
 */
export async function verifyClientAssertion(
  state: GraphSimulatorState,
  application: AppRegistration,
  assertion: string,
  audiences: readonly string[],
): Promise<void> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    header = decodeProtectedHeader(assertion);
    claims = decodeJwt(assertion);
  } catch {
    throw invalidJwt('The token is not a well-formed JWT.');
  }
  const sha256 = typeof header['x5t#S256'] === 'string' ? header['x5t#S256'] : undefined;
  const sha1 = typeof header.x5t === 'string' ? header.x5t : undefined;
  if (!sha256 && !sha1) throw invalidJwt('No certificate thumbprint specified in token header.');
  const certificate = (application.certificates ?? []).find((candidate) =>
    sha256 ? candidate.thumbprintSha256 === sha256 : candidate.thumbprintSha1 === sha1,
  );
  const usedThumbprint = hexThumbprint(sha256 ?? sha1 ?? '');
  if (!certificate) throw badSignature(application, 'The key was not found.', usedThumbprint);
  try {
    await compactVerify(assertion, certificate.publicKey, { algorithms: ALGORITHMS });
  } catch (error) {
    if (error instanceof joseErrors.JOSEAlgNotAllowed) throw invalidJwt(`The signing algorithm '${String(header.alg)}' is not supported; use RS256 or PS256.`);
    throw badSignature(application, 'The provided signature value did not match the expected signature value.', usedThumbprint);
  }
  if (claims.iss !== application.appId || claims.sub !== application.appId) {
    throw new TokenEndpointError(
      401,
      'invalid_client',
      700021,
      "Client assertion application identifier doesn't match 'client_id' parameter. Review the documentation at " + 'https://aka.ms/certCreds .',
    );
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.some((value) => typeof value === 'string' && audiences.some((expected) => expected.toLowerCase() === value.toLowerCase()))) {
    throw new TokenEndpointError(
      401,
      'invalid_client',
      50012,
      'Client assertion audience claim does not match Realm issuer. Review the documentation at https://aka.ms/certCreds .',
    );
  }
  const now = state.clock().getTime();
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  const notBefore = typeof claims.nbf === 'number' ? claims.nbf * 1000 : undefined;
  if (expiresAt === undefined || now > expiresAt + CLOCK_SKEW_MS || (notBefore !== undefined && now < notBefore - CLOCK_SKEW_MS)) {
    const at = (ms: number | undefined) => (ms === undefined ? 'none' : new Date(ms).toISOString());
    throw new TokenEndpointError(
      401,
      'invalid_client',
      700024,
      `Client assertion is not within its valid time range. Current time: ${at(now)}, assertion valid from ` +
        `${at(notBefore)}, expiry time of assertion ${at(expiresAt)}. Review the documentation at https://aka.ms/certCreds .`,
    );
  }
  if (typeof claims.jti !== 'string' || claims.jti.length === 0) throw invalidJwt("The token has no 'jti' claim.");
  pruneUsedAssertions(state, now);
  const replayKey = `${application.appId.toLowerCase()}|${claims.jti}`;
  if (state.usedAssertionIds.has(replayKey)) {
    throw new TokenEndpointError(401, 'invalid_client', 50013, `Assertion is invalid: the client assertion with jti '${claims.jti}' has already been used.`);
  }
  state.usedAssertionIds.set(replayKey, expiresAt + CLOCK_SKEW_MS);
}

function invalidJwt(reason: string): TokenEndpointError {
  return new TokenEndpointError(401, 'invalid_client', 50027, `Invalid JWT token. ${reason}`);
}

function badSignature(application: AppRegistration, reason: string, thumbprint: string): TokenEndpointError {
  return new TokenEndpointError(
    401,
    'invalid_client',
    700027,
    `Client assertion contains an invalid signature. [Reason - ${reason}, Thumbprint of key used by client: ` +
      `'${thumbprint}', Please visit the Azure Portal, Graph Explorer or directly use MS Graph to see configured keys ` +
      `for app Id '${application.appId}'.]`,
  );
}

/** Entra names the thumbprint in upper-case hex. */
function hexThumbprint(base64url: string): string {
  return Buffer.from(base64url, 'base64url').toString('hex').toUpperCase();
}

function pruneUsedAssertions(state: GraphSimulatorState, now: number): void {
  for (const [key, expiresAt] of state.usedAssertionIds) if (expiresAt < now) state.usedAssertionIds.delete(key);
}
