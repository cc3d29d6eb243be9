import { generateKeyPair, randomBytes, sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import {
  derBitString,
  derExplicit,
  derNull,
  derObjectIdentifier,
  derPrintableString,
  derSequence,
  derSet,
  derUnsignedInteger,
  derUtcTime,
  derUtf8String,
} from './der.js';
import { newCertificateId } from './ids.js';

/** The key PayPal signs webhooks with, and the certificate it publishes at PAYPAL-CERT-URL. */
export interface WebhookSigningIdentity {
  privateKey: KeyObject;
  publicKey: KeyObject;
  certificatePem: string;
  /** Last path segment of the certificate URL, shaped like PayPal's `CERT-360caa42-...`. */
  certificateId: string;
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const COUNTRY = '2.5.4.6';
const ORGANIZATION = '2.5.4.10';
const COMMON_NAME = '2.5.4.3';
// Fixed and wide, so advancing the simulated clock never leaves the certificate's validity.
const NOT_BEFORE = new Date('2020-01-01T00:00:00Z');
const NOT_AFTER = new Date('2049-12-31T23:59:59Z');

export function certificateUrl(baseUrl: string, identity: WebhookSigningIdentity): string {
  return `${baseUrl}/v1/notifications/certs/${identity.certificateId}`;
}

export async function generateWebhookSigningIdentity(): Promise<WebhookSigningIdentity> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    certificatePem: createSelfSignedCertificate(privateKey, publicKey, {
      organization: 'PayPal Simulator',
      commonName: 'messageverificationcerts.sandbox.paypal.com',
    }),
    certificateId: newCertificateId(),
  };
}

/**
 * A version 3 X.509 certificate without extensions, signed SHA256withRSA by its own RSA key: the
 * PayPal simulator's webhook certificate, and the certificate a demo's multi-tenant Entra app
 * signs its client assertions with.
 */
export function createSelfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, subject: { organization: string; commonName: string }): string {
  const algorithm = derSequence(derObjectIdentifier(SHA256_WITH_RSA), derNull());
  const name = derSequence(
    derSet(derSequence(derObjectIdentifier(COUNTRY), derPrintableString('US'))),
    derSet(derSequence(derObjectIdentifier(ORGANIZATION), derUtf8String(subject.organization))),
    derSet(derSequence(derObjectIdentifier(COMMON_NAME), derUtf8String(subject.commonName))),
  );
  const serial = randomBytes(16);
  const tbsCertificate = derSequence(
    derExplicit(0, derUnsignedInteger(Buffer.from([2]))),
    derUnsignedInteger(serial),
    algorithm,
    name,
    derSequence(derUtcTime(NOT_BEFORE), derUtcTime(NOT_AFTER)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbsCertificate, privateKey);
  const der = derSequence(tbsCertificate, algorithm, derBitString(signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
