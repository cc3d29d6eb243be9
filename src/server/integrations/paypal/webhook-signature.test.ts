import { describe, expect, it } from 'vitest';
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
