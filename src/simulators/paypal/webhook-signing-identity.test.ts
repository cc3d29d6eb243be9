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
  it('produces a leaf for its own key issued and signed by a self-signed CA, both parsed and verified by Node', async () => {
    const identity = await generateWebhookSigningIdentity();
    const certificate = new X509Certificate(identity.certificatePem);
    const authority = new X509Certificate(identity.caCertificatePem);
    expect(authority.ca).toBe(true);
    expect(authority.issuer).toBe(authority.subject);
    expect(authority.verify(authority.publicKey)).toBe(true);
    expect(certificate.ca).toBe(false);
    expect(certificate.checkIssued(authority)).toBe(true);
    expect(certificate.verify(authority.publicKey)).toBe(true);
    expect(certificate.verify(certificate.publicKey)).toBe(false);
    expect(certificate.subject).toContain('CN=messageverificationcerts.sandbox.paypal.com');
    expect(certificate.checkHost('messageverificationcerts.sandbox.paypal.com')).toBe('messageverificationcerts.sandbox.paypal.com');
    expect(certificate.publicKey.export({ type: 'spki', format: 'pem' })).toBe(identity.publicKey.export({ type: 'spki', format: 'pem' }));
    expect(new Date(certificate.validTo).getUTCFullYear()).toBe(2049);
    expect(identity.certificateId).toMatch(/^CERT-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}$/);
  });
});
