import { loadConfig, type AppConfig } from '../config.js';

/** The environment of testConfig (a test that starts the server as a process gives it this). */
export const TEST_ENVIRONMENT: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  APP_URL: 'http://localhost:3000',
  OIDC_ISSUER_URL: 'http://127.0.0.1:1/unused',
  OIDC_CLIENT_ID: 'passwatch-test',
  OIDC_CLIENT_SECRET: 'test-secret',
  PAYPAL_CLIENT_ID: 'paypal-test-client',
  PAYPAL_CLIENT_SECRET: 'paypal-test-secret',
  PAYPAL_WEBHOOK_ID: 'WH-TEST',
  SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  // Tests change the database directly, as another instance would, and read at once through the
  // API: another instance's change reaches a kept read only as PostgreSQL's notice arrives. The
  // tests of kept reads turn them on (src/server/db/tenant-read-cache.api.test.ts).
  TENANT_READ_CACHE: 'false',
};

/** Configuration as an operator would set it for tests: quiet logs, a fixed public URL. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ ...TEST_ENVIRONMENT, ...overrides });
}

/**
 * The configuration with the PayPal simulator's CA trusted for webhook certificates, as demo mode
 * does (docs/domain.md §Signature verification): its certificate chains to no public root.
 */
export function trustingPayPalSimulator(config: AppConfig, simulator: { caCertificatePem: string }): AppConfig {
  return { ...config, paypal: { ...config.paypal, trustedCaPems: [simulator.caCertificatePem] } };
}
