import { createIdentitySimulator } from '../../simulators/identity/identity-simulator.js';
import { DEMO_IDENTITY_CLIENT } from '../../simulators/identity/identity-client.js';
import type { AppConfig, OidcSettings } from '../config.js';

export interface DemoServices {
  oidc: OidcSettings;
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
  return {
    oidc: { issuerUrl, clientId: DEMO_IDENTITY_CLIENT.clientId, clientSecret: DEMO_IDENTITY_CLIENT.clientSecret, scopes: 'openid email profile' },
    descriptions: [`Sign-in: simulated OpenID Connect issuer at ${issuerUrl}`],
    close: () => identity.close(),
  };
}
