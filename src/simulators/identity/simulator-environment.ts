import { DEMO_IDENTITY_CLIENT, type IdentityClient } from './identity-client.js';

export interface IdentitySimulatorEnvironment {
  port: number;
  host: string;
  publicUrl: string | undefined;
  client: IdentityClient;
}

const DEFAULT_IDENTITY_SIMULATOR_PORT = 4030;

/** Reads the standalone simulator's settings; throws an Error naming the variable at fault. */
export function readIdentitySimulatorEnvironment(env: NodeJS.ProcessEnv): IdentitySimulatorEnvironment {
  const port = Number(env.IDENTITY_SIMULATOR_PORT ?? DEFAULT_IDENTITY_SIMULATOR_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`IDENTITY_SIMULATOR_PORT must be a port number, got "${env.IDENTITY_SIMULATOR_PORT}".`);
  }
  const redirectUris = commaSeparated(env.IDENTITY_SIMULATOR_REDIRECT_URIS);
  if (redirectUris.length === 0) {
    throw new Error('IDENTITY_SIMULATOR_REDIRECT_URIS must list the client callback URL(s), comma-separated.');
  }
  return {
    port,
    host: env.IDENTITY_SIMULATOR_HOST || '127.0.0.1',
    publicUrl: env.IDENTITY_SIMULATOR_PUBLIC_URL || undefined,
    client: {
      clientId: env.IDENTITY_SIMULATOR_CLIENT_ID || DEMO_IDENTITY_CLIENT.clientId,
      clientSecret: env.IDENTITY_SIMULATOR_CLIENT_SECRET || DEMO_IDENTITY_CLIENT.clientSecret,
      redirectUris,
      postLogoutRedirectUris: commaSeparated(env.IDENTITY_SIMULATOR_POST_LOGOUT_REDIRECT_URIS),
    },
  };
}

function commaSeparated(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
