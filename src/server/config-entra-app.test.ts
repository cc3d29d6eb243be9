import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateAppCertificate, type AppCertificatePair } from '../simulators/graph/index.js';
import { ConfigError } from './config.js';
import { testConfig } from './test-support/test-config.js';

const CLIENT_ID = '7d2e4f6a-8b1c-4d3e-9f5a-6b7c8d9e0f1a';
let certificate: AppCertificatePair;
let other: AppCertificatePair;

beforeAll(async () => {
  [certificate, other] = await Promise.all([generateAppCertificate('Passwatch'), generateAppCertificate('Other')]);
});

function problems(environment: Record<string, string>): string[] {
  try {
    testConfig(environment);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('ENTRA_APP_* (the operator multi-tenant app)', () => {
  it('is off when unset', () => {
    expect(testConfig().entraApp).toBeNull();
  });

  it('takes a certificate with its key, also written on one line with \\n', () => {
    const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
    const config = testConfig({
      ENTRA_APP_CLIENT_ID: CLIENT_ID,
      ENTRA_APP_CERTIFICATE: oneLine(certificate.certificatePem),
      ENTRA_APP_PRIVATE_KEY: oneLine(certificate.privateKeyPem),
    });
    expect(config.entraApp).toEqual({
      clientId: CLIENT_ID,
      credential: 'certificate',
      certificatePem: certificate.certificatePem,
      privateKeyPem: certificate.privateKeyPem,
    });
  });

  it('takes a client secret when there is no certificate', () => {
    expect(testConfig({ ENTRA_APP_CLIENT_ID: CLIENT_ID, ENTRA_APP_CLIENT_SECRET: 'app-secret' }).entraApp).toEqual({
      clientId: CLIENT_ID,
      credential: 'secret',
      clientSecret: 'app-secret',
    });
  });

  it('refuses what cannot sign in, naming the variable', () => {
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ENTRA_APP_CLIENT_ID: CLIENT_ID }, /^ENTRA_APP_CERTIFICATE: ENTRA_APP_CLIENT_ID needs a certificate/],
      [{ ENTRA_APP_CLIENT_ID: 'not-a-guid', ENTRA_APP_CLIENT_SECRET: 'x' }, /^ENTRA_APP_CLIENT_ID: must be the Application \(client\) ID GUID/],
      [{ ENTRA_APP_CLIENT_SECRET: 'x' }, /^ENTRA_APP_CLIENT_ID: is required when a certificate or secret/],
      [{ ENTRA_APP_CLIENT_ID: CLIENT_ID, ENTRA_APP_CERTIFICATE: certificate.certificatePem }, /^ENTRA_APP_PRIVATE_KEY: is required/],
      [
        { ENTRA_APP_CLIENT_ID: CLIENT_ID, ENTRA_APP_CERTIFICATE: 'not a certificate', ENTRA_APP_PRIVATE_KEY: certificate.privateKeyPem },
        /the certificate is not a PEM X\.509 certificate/,
      ],
      [
        { ENTRA_APP_CLIENT_ID: CLIENT_ID, ENTRA_APP_CERTIFICATE: certificate.certificatePem, ENTRA_APP_PRIVATE_KEY: other.privateKeyPem },
        /the private key does not belong to the certificate/,
      ],
      [{ ENTRA_APP_CLIENT_ID: CLIENT_ID, ENTRA_APP_CERTIFICATE: certificate.certificatePem, ENTRA_APP_PRIVATE_KEY: ecKey }, /must be an RSA key/],
    ];
    for (const [environment, expected] of cases) {
      expect(problems(environment)).toEqual([expect.stringMatching(expected)]);
    }
  });
});
