import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derObjectIdentifier, derUnsignedInteger } from './der.js';
import { generateWebhookSigningIdentity } from './webhook-signing-identity.js';

describe('DER encoding', () => {
  it('encodes object identifiers with base-128 arcs', () => {
    expect(derObjectIdentifier('1.2.840.113549.1.1.11').toString('hex')).toBe('06092a864886f70d01010b');
    expect(derObjectIdentifier('2.5.4.3').toString('hex')).toBe('0603550403');
  });

  it('keeps integers positive and minimal', () => {
    expect(derUnsignedInteger(Buffer.from([0x80])).toString('hex')).toBe('02020080');
    expect(derUnsignedInteger(Buffer.from([0x00, 0x00, 0x7f])).toString('hex')).toBe('02017f');
    expect(derUnsignedInteger(Buffer.from([0x02])).toString('hex')).toBe('020102');
  });
});

describe('generateWebhookSigningIdentity', () => {
  it('produces a self-signed X.509 certificate for its own key that Node parses and verifies', async () => {
    const identity = await generateWebhookSigningIdentity();
    const certificate = new X509Certificate(identity.certificatePem);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.subject).toContain('CN=messageverificationcerts.sandbox.paypal.com');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.publicKey.export({ type: 'spki', format: 'pem' })).toBe(identity.publicKey.export({ type: 'spki', format: 'pem' }));
    expect(new Date(certificate.validTo).getUTCFullYear()).toBe(2049);
    expect(identity.certificateId).toMatch(/^CERT-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}$/);
  });
});
