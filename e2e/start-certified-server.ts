// For the journey against a certified OpenID Provider: starts panva's oidc-provider and the PayPal
// simulator on loopback, then the built app outside demo mode pointed at both (through
// start-demo-server.mjs, with ports of its own beside the demo journeys' ones).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCertifiedIssuer } from '../src/server/test-support/certified-issuer.js';
import { createPayPalSimulator, DEMO_PAYPAL_CREDENTIALS } from '../src/simulators/paypal/index.js';
import { CERTIFIED_ACCOUNT, CERTIFIED_PORTS } from './certified-server.js';

const appUrl = `http://localhost:${CERTIFIED_PORTS.app}`;
const client = { clientId: 'passwatch-e2e', clientSecret: 'certified-e2e-secret' };

const issuer = await startCertifiedIssuer({
  appUrl,
  ...client,
  accounts: { [CERTIFIED_ACCOUNT.login]: CERTIFIED_ACCOUNT.claims },
  port: CERTIFIED_PORTS.issuer,
});
const paypal = createPayPalSimulator({ ...DEMO_PAYPAL_CREDENTIALS, webhookUrl: `${appUrl}/api/paypal/webhook` });
const paypalUrl = await paypal.listen(CERTIFIED_PORTS.paypal, '127.0.0.1');
// The app trusts the simulator's CA the way an operator trusts a proxy's: from a PEM file.
const caDirectory = mkdtempSync(path.join(tmpdir(), 'passwatch-paypal-ca-'));
const caFile = path.join(caDirectory, 'paypal-simulator-ca.pem');
writeFileSync(caFile, paypal.caCertificatePem);

const server = spawn(process.execPath, ['e2e/start-demo-server.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: String(CERTIFIED_PORTS.app),
    E2E_POSTGRES_PORT: String(CERTIFIED_PORTS.postgres),
    E2E_ADMIN_EMAILS: CERTIFIED_ACCOUNT.claims.email,
    OIDC_ISSUER_URL: issuer.issuerUrl,
    OIDC_CLIENT_ID: client.clientId,
    OIDC_CLIENT_SECRET: client.clientSecret,
    PAYPAL_API_URL: paypalUrl,
    PAYPAL_CLIENT_ID: DEMO_PAYPAL_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: DEMO_PAYPAL_CREDENTIALS.clientSecret,
    PAYPAL_WEBHOOK_ID: DEMO_PAYPAL_CREDENTIALS.webhookId,
    PAYPAL_CERT_HOSTS: '127.0.0.1,localhost',
    PAYPAL_CERT_CA_FILE: caFile,
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await Promise.allSettled([issuer.close(), paypal.close()]);
  rmSync(caDirectory, { recursive: true, force: true });
  process.exit(code ?? 0);
});
