import { createHash, createPrivateKey, randomUUID, X509Certificate, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

// How an app proves itself at the Entra token endpoint (docs/domain.md §Client assertions): a
// client secret, or a JWT signed with the private key of a certificate uploaded to the app
// registration. Microsoft recommends the certificate: nothing reusable crosses the wire.

const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** An assertion is good for this long; each token request signs a new one. */
const ASSERTION_LIFETIME_SECONDS = 600;

export interface ClientCredential {
  /**
   * Names the credential without revealing it, so a token cached for one credential is not
   * handed out after the credential changed.
   */
  readonly fingerprint: string;
  /** The form fields that authenticate the client in a request to `tokenUrl`, made at `nowMs`. */
  authenticationFields(tokenUrl: string, clientId: string, nowMs: number): Promise<Record<string, string>>;
}

export function clientSecretCredential(secret: string): ClientCredential {
  return {
    fingerprint: `secret:${createHash('sha256').update(secret).digest('hex')}`,
    authenticationFields: async () => ({ client_secret: secret }),
  };
}

export interface CertificateCredentialInput {
  /** The certificate uploaded to the app registration, PEM. */
  certificatePem: string;
  /** Its private key, PEM (PKCS#8 or PKCS#1). */
  privateKeyPem: string;
}

/**
 * A certificate credential: each token request carries a fresh assertion (PS256, the certificate
 * named by its SHA-256 thumbprint in `x5t#S256`; `aud` the token endpoint, `iss` and `sub` the
 * client id, a new `jti`), since Entra accepts each assertion once.
 */
function clientCertificateCredential(input: CertificateCredentialInput): ClientCredential {
  const certificate = new X509Certificate(input.certificatePem);
  const privateKey: KeyObject = createPrivateKey(input.privateKeyPem);
  const thumbprint = createHash('sha256').update(certificate.raw).digest('base64url');
  return {
    fingerprint: `certificate:${thumbprint}`,
    authenticationFields: async (tokenUrl, clientId, nowMs) => {
      const now = Math.floor(nowMs / 1000);
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: 'PS256', typ: 'JWT', 'x5t#S256': thumbprint })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(tokenUrl)
        .setJti(randomUUID())
        .setNotBefore(now)
        .setIssuedAt(now)
        .setExpirationTime(now + ASSERTION_LIFETIME_SECONDS)
        .sign(privateKey);
      return { client_assertion_type: JWT_BEARER_ASSERTION_TYPE, client_assertion: assertion };
    },
  };
}

/** The credential an app's settings name: a certificate and its key, or a client secret. */
export function appCredential(
  settings: ({ credential: 'certificate' } & CertificateCredentialInput) | { credential: 'secret'; clientSecret: string },
): ClientCredential {
  return settings.credential === 'certificate' ? clientCertificateCredential(settings) : clientSecretCredential(settings.clientSecret);
}

/** Why a certificate and key cannot be used together, or null when they can. */
export function certificateCredentialProblem(input: CertificateCredentialInput): string | null {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(input.certificatePem);
  } catch {
    return 'the certificate is not a PEM X.509 certificate';
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(input.privateKeyPem);
  } catch {
    return 'the private key is not a PEM private key';
  }
  if (privateKey.asymmetricKeyType !== 'rsa') return 'the key must be an RSA key (Entra signs and checks client assertions with RS256 or PS256)';
  if (!certificate.checkPrivateKey(privateKey)) return 'the private key does not belong to the certificate';
  return null;
}
