import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookTransmission } from '../../../simulators/paypal/webhook-signature.js';
import { type CertificateName, generateWebhookSigningIdentity, issueCertificate } from '../../../simulators/paypal/webhook-signing-identity.js';
import { WebhookSignatureVerifier } from './webhook-signature.js';

const verifier = new WebhookSignatureVerifier({
  webhookId: 'WH-1',
  allowedCertHosts: ['api.paypal.com', 'API-M.SANDBOX.PAYPAL.COM', '127.0.0.1', 'localhost'],
  clock: () => new Date(),
  fetch: () => Promise.reject(new Error('no network in this test')),
});

describe('WebhookSignatureVerifier.isAllowedCertUrl', () => {
  it.each([
    ['https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270', true],
    ['https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-1', true],
    ['http://127.0.0.1:4020/v1/notifications/certs/CERT-1', true],
    ['http://localhost:4020/v1/notifications/certs/CERT-1', true],
    // Plain http only on loopback; never another host, a look-alike or credentials in the URL.
    ['http://api.paypal.com/v1/notifications/certs/CERT-1', false],
    ['https://api.paypal.com.evil.example/cert', false],
    ['https://evil.example/cert?host=api.paypal.com', false],
    ['https://user:pass@api.paypal.com/cert', false],
    // PayPal's hosts only on the https port.
    ['https://api.paypal.com:8443/v1/notifications/certs/CERT-1', false],
    ['https://api.paypal.com:443/v1/notifications/certs/CERT-1', true],
    ['ftp://api.paypal.com/cert', false],
    ['not a url', false],
  ])('%s -> %s', (url, allowed) => {
    expect(verifier.isAllowedCertUrl(url)).toBe(allowed);
  });

  it('refuses a delivery with missing headers without fetching anything', async () => {
    expect(await verifier.verify({}, Buffer.from('{}'))).toBe(false);
    expect(
      await verifier.verify(
        {
          'paypal-transmission-id': 'a',
          'paypal-transmission-time': 'b',
          'paypal-transmission-sig': 'c',
          'paypal-cert-url': 'https://api.paypal.com/cert',
          'paypal-auth-algo': 'SHA256withRSA',
        },
        Buffer.from('{}'),
      ),
    ).toBe(false);
  });
});

const CERT_URL = 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-1';
const BODY = '{"id":"WH-EVENT-1","event_type":"BILLING.SUBSCRIPTION.ACTIVATED"}';

const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const rootKey = rsaKey();
const intermediateKey = rsaKey();
const leafKey = rsaKey();
const strangerKey = rsaKey();

const rootName: CertificateName = { organization: 'Test Trust', commonName: 'Test Root CA' };
const intermediateName: CertificateName = { organization: 'Test Trust', commonName: 'Test Intermediate CA' };
const signingName: CertificateName = { organization: 'PayPal', commonName: 'messageverificationcerts.sandbox.paypal.com' };

const rootPem = issueCertificate({ subject: rootName, publicKey: rootKey.publicKey, issuer: { name: rootName, privateKey: rootKey.privateKey }, ca: true });

function intermediatePem(options: { ca?: boolean; notAfter?: Date } = {}): string {
  return issueCertificate({
    subject: intermediateName,
    publicKey: intermediateKey.publicKey,
    issuer: { name: rootName, privateKey: rootKey.privateKey },
    ca: options.ca ?? true,
    notBefore: new Date('2020-01-01T00:00:00Z'),
    notAfter: options.notAfter ?? new Date('2049-12-31T23:59:59Z'),
  });
}

function leafPem(options: { subject?: CertificateName; signedBy?: KeyObject } = {}): string {
  const subject = options.subject ?? signingName;
  return issueCertificate({
    subject,
    publicKey: leafKey.publicKey,
    issuer: { name: intermediateName, privateKey: options.signedBy ?? intermediateKey.privateKey },
    ca: false,
    dnsNames: [subject.commonName],
  });
}

/** A delivery signed with the leaf's key, its certificate chain served at CERT_URL. */
async function verifyDelivery(servedPem: string, trustedCaPems: readonly string[], signingKey: KeyObject = leafKey.privateKey): Promise<boolean> {
  const verifier = new WebhookSignatureVerifier({
    webhookId: 'WH-1',
    allowedCertHosts: ['api-m.sandbox.paypal.com'],
    trustedCaPems,
    clock: () => new Date(),
    fetch: async (url) => (String(url) === CERT_URL ? new Response(servedPem) : new Response('not found', { status: 404 })),
  });
  const transmission = { transmissionId: 'tx-1', transmissionTime: new Date().toISOString(), webhookId: 'WH-1', body: BODY };
  return verifier.verify(
    {
      'paypal-transmission-id': transmission.transmissionId,
      'paypal-transmission-time': transmission.transmissionTime,
      'paypal-transmission-sig': signWebhookTransmission(signingKey, transmission),
      'paypal-cert-url': CERT_URL,
      'paypal-auth-algo': 'SHA256withRSA',
    },
    Buffer.from(BODY),
  );
}

describe('WebhookSignatureVerifier certificate chain and subject', () => {
  it('accepts a signing certificate for PayPal chained through an intermediate to a trusted root', async () => {
    expect(await verifyDelivery(leafPem() + intermediatePem(), [rootPem])).toBe(true);
  });

  it('accepts the live name too, and the simulator leaf issued straight by its own trusted CA', async () => {
    const live = leafPem({ subject: { organization: 'PayPal', commonName: 'messageverificationcerts.paypal.com' } });
    expect(await verifyDelivery(live + intermediatePem(), [rootPem])).toBe(true);
    const simulator = await generateWebhookSigningIdentity();
    expect(await verifyDelivery(simulator.certificatePem, [simulator.caCertificatePem], simulator.privateKey)).toBe(true);
    expect(await verifyDelivery(simulator.certificatePem, [], simulator.privateKey)).toBe(false);
  });

  it('refuses a self-signed leaf that no trusted CA issued', async () => {
    const selfSigned = issueCertificate({
      subject: signingName,
      publicKey: leafKey.publicKey,
      issuer: { name: signingName, privateKey: leafKey.privateKey },
      ca: false,
      dnsNames: [signingName.commonName],
    });
    expect(await verifyDelivery(selfSigned, [rootPem])).toBe(false);
  });

  it('refuses the same good chain when its root is not trusted', async () => {
    expect(await verifyDelivery(leafPem() + intermediatePem(), [])).toBe(false);
  });

  it.each(['api-m.sandbox.paypal.com', 'messageverificationcerts.sandbox.paypal.com.evil.example', 'evil.example'])(
    'refuses a valid chain for another name (%s)',
    async (commonName) => {
      expect(await verifyDelivery(leafPem({ subject: { organization: 'PayPal', commonName } }) + intermediatePem(), [rootPem])).toBe(false);
    },
  );

  it('refuses a leaf naming the intermediate as issuer but not signed by it', async () => {
    expect(await verifyDelivery(leafPem({ signedBy: strangerKey.privateKey }) + intermediatePem(), [rootPem])).toBe(false);
  });

  it('refuses a chain whose intermediate has expired by the app clock', async () => {
    expect(await verifyDelivery(leafPem() + intermediatePem({ notAfter: new Date('2021-01-01T00:00:00Z') }), [rootPem])).toBe(false);
  });

  it('refuses an intermediate that is not a CA', async () => {
    expect(await verifyDelivery(leafPem() + intermediatePem({ ca: false }), [rootPem])).toBe(false);
  });

  it('refuses a leaf served without the intermediate that links it to the root', async () => {
    expect(await verifyDelivery(leafPem(), [rootPem])).toBe(false);
  });

  it('refuses a signature the leaf key did not make, and a body that is not a certificate', async () => {
    expect(await verifyDelivery(leafPem() + intermediatePem(), [rootPem], strangerKey.privateKey)).toBe(false);
    expect(await verifyDelivery('not a certificate', [rootPem])).toBe(false);
  });
});
