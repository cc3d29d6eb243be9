import { generateKeyPair, randomBytes, sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import {
  derBitString,
  derBoolean,
  derExplicit,
  derImplicitPrimitive,
  derNull,
  derObjectIdentifier,
  derOctetString,
  derPrintableString,
  derSequence,
  derSet,
  derUnsignedInteger,
  derUtcTime,
  derUtf8String,
} from './der.js';
import { newCertificateId } from './ids.js';

/**
 * The key PayPal signs webhooks with, the certificate it publishes at PAYPAL-CERT-URL, and the
 * certificate authority that issued it (PayPal's is a public CA; the simulator's is its own, which
 * the app trusts by configuration).
 */
export interface WebhookSigningIdentity {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The leaf certificate, for messageverificationcerts.sandbox.paypal.com, issued by the CA. */
  certificatePem: string;
  /** The self-signed CA certificate that issued the leaf: a trust anchor, never served. */
  caCertificatePem: string;
  /** Last path segment of the certificate URL, shaped like PayPal's `CERT-360caa42-...`. */
  certificateId: string;
}

/** A certificate's subject (or issuer) name. */
export interface CertificateName {
  organization: string;
  commonName: string;
}

/** Who signs a certificate: a CA's name and key. */
interface CertificateIssuer {
  name: CertificateName;
  privateKey: KeyObject;
}

export interface CertificateRequest {
  subject: CertificateName;
  publicKey: KeyObject;
  /** Its own name and key for a self-signed certificate. */
  issuer: CertificateIssuer;
  /** basicConstraints cA: may this certificate issue others. */
  ca: boolean;
  /** subjectAltName DNS names; none: the extension is left out. */
  dnsNames?: readonly string[];
  notBefore?: Date;
  notAfter?: Date;
  /** A bare certificate without basicConstraints or subjectAltName. */
  withoutExtensions?: boolean;
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const COUNTRY = '2.5.4.6';
const ORGANIZATION = '2.5.4.10';
const COMMON_NAME = '2.5.4.3';
const SUBJECT_ALT_NAME = '2.5.29.17';
const BASIC_CONSTRAINTS = '2.5.29.19';
// Fixed and wide, so advancing the simulated clock never leaves the certificate's validity.
const NOT_BEFORE = new Date('2020-01-01T00:00:00Z');
const NOT_AFTER = new Date('2049-12-31T23:59:59Z');
/** The name PayPal's sandbox signing certificate is for; the app accepts no other (docs/domain.md §Signature verification). */
const SANDBOX_SIGNING_HOST = 'messageverificationcerts.sandbox.paypal.com';

export function certificateUrl(baseUrl: string, identity: WebhookSigningIdentity): string {
  return `${baseUrl}/v1/notifications/certs/${identity.certificateId}`;
}

export async function generateWebhookSigningIdentity(): Promise<WebhookSigningIdentity> {
  const generateRsa = () => promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const [authority, { privateKey, publicKey }] = await Promise.all([generateRsa(), generateRsa()]);
  const authorityName = { organization: 'PayPal Simulator', commonName: 'PayPal Simulator Root CA' };
  return {
    privateKey,
    publicKey,
    certificatePem: issueCertificate({
      subject: { organization: 'PayPal Simulator', commonName: SANDBOX_SIGNING_HOST },
      publicKey,
      issuer: { name: authorityName, privateKey: authority.privateKey },
      ca: false,
      dnsNames: [SANDBOX_SIGNING_HOST],
    }),
    caCertificatePem: issueCertificate({
      subject: authorityName,
      publicKey: authority.publicKey,
      issuer: { name: authorityName, privateKey: authority.privateKey },
      ca: true,
    }),
    certificateId: newCertificateId(),
  };
}

/**
 * A version 3 X.509 certificate without extensions, signed SHA256withRSA by its own RSA key: the
 * certificate a demo's multi-tenant Entra app signs its client assertions with.
 */
export function createSelfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, subject: CertificateName): string {
  return issueCertificate({ subject, publicKey, issuer: { name: subject, privateKey }, ca: false, withoutExtensions: true });
}

function encodeName(name: CertificateName): Buffer {
  return derSequence(
    derSet(derSequence(derObjectIdentifier(COUNTRY), derPrintableString('US'))),
    derSet(derSequence(derObjectIdentifier(ORGANIZATION), derUtf8String(name.organization))),
    derSet(derSequence(derObjectIdentifier(COMMON_NAME), derUtf8String(name.commonName))),
  );
}

function encodeExtensions(request: CertificateRequest): Buffer {
  // basicConstraints is critical, as RFC 5280 asks of a CA's; cA FALSE is the default, so omitted.
  const extensions = [
    derSequence(derObjectIdentifier(BASIC_CONSTRAINTS), derBoolean(true), derOctetString(request.ca ? derSequence(derBoolean(true)) : derSequence())),
  ];
  if (request.dnsNames?.length) {
    const names = derSequence(...request.dnsNames.map((dnsName) => derImplicitPrimitive(2, Buffer.from(dnsName, 'ascii'))));
    extensions.push(derSequence(derObjectIdentifier(SUBJECT_ALT_NAME), derOctetString(names)));
  }
  return derExplicit(3, derSequence(...extensions));
}

/**
 * A version 3 X.509 certificate signed SHA256withRSA by its issuer's RSA key, with basicConstraints
 * (and subjectAltName when DNS names are given): the simulator's CA and webhook certificates, and
 * the chains the app's verifier tests build.
 */
export function issueCertificate(request: CertificateRequest): string {
  const { issuer } = request;
  const algorithm = derSequence(derObjectIdentifier(SHA256_WITH_RSA), derNull());
  const tbsCertificate = derSequence(
    derExplicit(0, derUnsignedInteger(Buffer.from([2]))),
    derUnsignedInteger(randomBytes(16)),
    algorithm,
    encodeName(issuer.name),
    derSequence(derUtcTime(request.notBefore ?? NOT_BEFORE), derUtcTime(request.notAfter ?? NOT_AFTER)),
    encodeName(request.subject),
    request.publicKey.export({ type: 'spki', format: 'der' }),
    ...(request.withoutExtensions ? [] : [encodeExtensions(request)]),
  );
  const signature = sign('sha256', tbsCertificate, issuer.privateKey);
  const der = derSequence(tbsCertificate, algorithm, derBitString(signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
