import path from 'node:path';
import { createIdentitySimulator } from '../../simulators/identity/identity-simulator.js';
import { DEMO_IDENTITY_CLIENT } from '../../simulators/identity/identity-client.js';
import { createPayPalSimulator, DEMO_PAYPAL_CREDENTIALS } from '../../simulators/paypal/index.js';
import { createGraphSimulator, DEMO_GRAPH_CREDENTIALS, graphSimulatorEndpoints, registerCertificateApp } from '../../simulators/graph/index.js';
import { createSmtpSink } from '../../simulators/smtp/index.js';
import type { DemoGraphCredentials } from '../../shared/api/configuration.js';
import type { AppConfig, EntraAppSettings, OidcSettings } from '../config.js';
import { consentRedirectUri } from '../entra-consent/index.js';

/** The operator's multi-tenant Passwatch app as the demo's simulated Entra knows it. */
const DEMO_PASSWATCH_APP_ID = 'b3d5f7a9-1c2e-4f60-8a7b-9c0d1e2f3a4b';

export interface DemoServices {
  oidc: OidcSettings;
  /** PayPal settings pointing at the simulator; null when real PayPal credentials are configured. */
  paypal: Partial<AppConfig['paypal']> | null;
  /** Entra and Graph URLs pointing at the Graph simulator. */
  graph: Pick<AppConfig['graph'], 'authorityUrl' | 'apiUrl'>;
  /** The simulated tenant's app registration, which the Setup Guide shows. */
  graphCredentials: DemoGraphCredentials;
  /** The simulator's page listing the mail the app sent. */
  mailboxUrl: string;
  /** The operator's Passwatch app for Connect with Microsoft, registered in the simulator with a certificate made at start. */
  entraApp: EntraAppSettings;
  /** The in-process SMTP sink account mail goes to, and its page; null when SMTP_URL names a real server. */
  accountMail: { smtpUrl: string; pageUrl: string } | null;
  /** One line per simulator for the start-up message. */
  descriptions: string[];
  close(): Promise<void>;
}

/**
 * Demo mode stands simulators in for the outside world on their own loopback ports. The server
 * talks to them with its production clients; only the URLs and credentials come from here.
 */
export async function startDemoServices(config: AppConfig): Promise<DemoServices> {
  const identity = createIdentitySimulator({
    clients: [
      {
        ...DEMO_IDENTITY_CLIENT,
        redirectUris: [`${config.appUrl}/api/callback`],
        postLogoutRedirectUris: [`${config.appUrl}/`],
      },
    ],
  });
  // A fixed port keeps the issuer URL, and so every demo user's identity, stable across restarts.
  const issuerUrl = await identity.listen(config.demoIdentityPort, '127.0.0.1');
  const paypal = await startPayPalSimulator(config);
  // Consents given with Connect with Microsoft survive a restart, as they would in Entra.
  const graph = createGraphSimulator({ consentFile: path.join(config.dataDir, 'demo', 'graph-simulator-consents.json') });
  const graphUrl = await graph.listen(config.graph.demoPort, '127.0.0.1');
  const graphEndpoints = graphSimulatorEndpoints(graphUrl);
  // Made afresh at each start, as an operator would make a certificate and upload it to the app.
  const passwatchApp = await registerCertificateApp(graph.state, {
    appId: DEMO_PASSWATCH_APP_ID,
    displayName: 'Passwatch',
    redirectUris: [consentRedirectUri(config.appUrl)],
  });
  const smtpSink = config.accountMail.smtpUrl ? null : createSmtpSink();
  const accountMail = smtpSink ? await smtpSink.listen('127.0.0.1') : null;
  return {
    // The demo issuer marks each address email_verified itself, so it needs no trust setting.
    oidc: {
      issuerUrl,
      clientId: DEMO_IDENTITY_CLIENT.clientId,
      clientSecret: DEMO_IDENTITY_CLIENT.clientSecret,
      scopes: 'openid email profile',
      trustEmail: false,
    },
    paypal: paypal?.settings ?? null,
    // One server plays both login.microsoftonline.com and graph.microsoft.com (the client adds /v1.0).
    graph: { authorityUrl: graphUrl, apiUrl: graphUrl },
    graphCredentials: {
      entraTenantId: DEMO_GRAPH_CREDENTIALS.directoryId,
      azureDirectoryId: DEMO_GRAPH_CREDENTIALS.directoryId,
      applicationId: DEMO_GRAPH_CREDENTIALS.applicationId,
      clientSecret: DEMO_GRAPH_CREDENTIALS.clientSecret,
      clientSecretId: DEMO_GRAPH_CREDENTIALS.clientSecretId,
      fromEmail: DEMO_GRAPH_CREDENTIALS.fromEmail,
    },
    mailboxUrl: graphEndpoints.mailboxUrl,
    entraApp: {
      clientId: passwatchApp.appId,
      credential: 'certificate',
      certificatePem: passwatchApp.certificatePem,
      privateKeyPem: passwatchApp.privateKeyPem,
    },
    accountMail,
    descriptions: [
      `Sign-in: simulated OpenID Connect issuer at ${issuerUrl}`,
      ...(paypal ? [paypal.description] : []),
      `Directory and mail: simulated Entra ID and Microsoft Graph at ${graphUrl} (sent mail: ${graphEndpoints.mailboxUrl})`,
      ...(accountMail ? [`Account mail: in-process SMTP sink at ${accountMail.smtpUrl} (received mail: ${accountMail.pageUrl})`] : []),
    ],
    close: async () => {
      await smtpSink?.close();
      await graph.close();
      await paypal?.close();
      await identity.close();
    },
  };
}

/**
 * The PayPal simulator, unless real (sandbox) credentials are configured. It posts signed
 * webhooks to the app and serves their certificate on loopback; the app is told to trust that host
 * and the simulator's CA, which issued the certificate.
 */
async function startPayPalSimulator(config: AppConfig) {
  if (config.paypal.clientId) return null;
  const simulator = createPayPalSimulator({
    ...DEMO_PAYPAL_CREDENTIALS,
    webhookUrl: `${config.appUrl}/api/paypal/webhook`,
    // Beside the app's database, so subscriptions made before a restart still exist at "PayPal".
    // The simulator creates the folder.
    stateFile: path.join(config.dataDir, 'demo', 'paypal-simulator.json'),
  });
  const apiUrl = await simulator.listen(config.paypal.demoPort, '127.0.0.1');
  const settings: Partial<AppConfig['paypal']> = {
    apiUrl,
    clientId: DEMO_PAYPAL_CREDENTIALS.clientId,
    clientSecret: DEMO_PAYPAL_CREDENTIALS.clientSecret,
    webhookId: DEMO_PAYPAL_CREDENTIALS.webhookId,
    // The simulator knows only the ids it issued: ids configured for real PayPal would not exist there.
    productId: undefined,
    monthlyPlanId: undefined,
    yearlyPlanId: undefined,
    certHosts: ['127.0.0.1', 'localhost'],
    trustedCaPems: [simulator.caCertificatePem],
  };
  return { settings, description: `Payments: simulated PayPal at ${apiUrl}`, close: () => simulator.close() };
}
