// A vendor's multi-tenant app with a certificate credential, as its owner would set it up in
// Entra: a key pair, a self-signed certificate uploaded to the registration, the redirect URIs
// the admin-consent page may go back to. Demo mode and tests register the product's own app so.
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { createSelfSignedCertificate } from '../paypal/webhook-signing-identity.js';
import { appCertificate } from './client-assertion.js';
import { PASSWATCH_PERMISSIONS } from './permissions.js';
import { registerApplication, type GraphSimulatorState } from './state.js';

export interface CertificateAppOptions {
  appId: string;
  displayName: string;
  redirectUris: string[];
  /** The vendor's own tenant, which need not be simulated. */
  homeTenantId?: string;
  /** A certificate made beforehand (generateAppCertificate); default a new one. */
  certificate?: AppCertificatePair;
}

export interface AppCertificatePair {
  certificatePem: string;
  /** PKCS#8 PEM: what the app keeps secret. */
  privateKeyPem: string;
}

export interface CertificateAppCredentials extends AppCertificatePair {
  appId: string;
}

/** An RSA key and a self-signed certificate for it, as `openssl req -x509` would make them. */
export async function generateAppCertificate(subject: string): Promise<AppCertificatePair> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return {
    certificatePem: createSelfSignedCertificate(privateKey, publicKey, { organization: subject, commonName: subject }),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Registers the app, multi-tenant, with the permissions Passwatch needs and its certificate (a new one unless given). */
export async function registerCertificateApp(state: GraphSimulatorState, options: CertificateAppOptions): Promise<CertificateAppCredentials> {
  const { certificatePem, privateKeyPem } = options.certificate ?? (await generateAppCertificate(options.displayName));
  registerApplication(state, {
    appId: options.appId,
    displayName: options.displayName,
    homeTenantId: options.homeTenantId ?? '00000000-0000-0000-0000-000000000000',
    multiTenant: true,
    secrets: [],
    certificates: [appCertificate(certificatePem)],
    redirectUris: options.redirectUris,
    requiredPermissions: [...PASSWATCH_PERMISSIONS],
  });
  return { appId: options.appId, certificatePem, privateKeyPem };
}
