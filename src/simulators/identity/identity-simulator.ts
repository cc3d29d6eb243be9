import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { registerAuthorizeRoutes } from './authorize-routes.js';
import { registerDiscoveryRoutes } from './discovery-routes.js';
import { createExpiringTokenStore } from './expiring-token-store.js';
import { createClientRegistry, type IdentityClient } from './identity-client.js';
import type { AccessGrant, AuthorizationGrant, IdentityContext } from './identity-context.js';
import { registerLogoutRoute } from './logout-route.js';
import { OAuthError } from './oauth-error.js';
import { acceptUrlEncodedForms } from './request-parameters.js';
import { generateSigningKey, TOKEN_LIFETIME_SECONDS, type SigningKey } from './signing-key.js';
import { registerTokenRoute } from './token-route.js';
import { registerUserinfoRoute } from './userinfo-route.js';

export interface IdentitySimulatorOptions {
  clients: IdentityClient[];
  clock?: () => Date;
  logger?: boolean;
  /** Issuer URL to advertise when clients reach the simulator by another name (proxy, container). */
  publicUrl?: string;
}

export interface IdentitySimulator {
  app: FastifyInstance;
  /** Starts listening (port 0 = random) and resolves to the issuer URL, without trailing slash. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Adds a client, or replaces the one with the same clientId; effective immediately. */
  registerClient(client: IdentityClient): void;
  /** The issuer URL; only known once listening (or when publicUrl was given). */
  readonly issuerUrl: string;
}

const AUTHORIZATION_CODE_LIFETIME_MS = 60_000;

export function createIdentitySimulator(options: IdentitySimulatorOptions): IdentitySimulator {
  const clock = options.clock ?? (() => new Date());
  let issuerUrl = options.publicUrl?.replace(/\/+$/, '');
  let signingKey: SigningKey | undefined;

  const context: IdentityContext = {
    clients: createClientRegistry(options.clients),
    codes: createExpiringTokenStore<AuthorizationGrant>(clock, AUTHORIZATION_CODE_LIFETIME_MS),
    accessTokens: createExpiringTokenStore<AccessGrant>(clock, TOKEN_LIFETIME_SECONDS * 1000),
    clock,
    issuer() {
      if (!issuerUrl) throw new Error('The identity simulator is not listening yet, so its issuer URL is unknown.');
      return issuerUrl;
    },
    signingKey() {
      if (!signingKey) throw new Error('The identity simulator has no signing key before it is ready.');
      return signingKey;
    },
  };

  const app = Fastify({ logger: options.logger ?? false });
  // Key generation is async; onReady runs before the first request, whether by listen or inject.
  app.addHook('onReady', async () => {
    signingKey = await generateSigningKey();
  });
  acceptUrlEncodedForms(app);
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof OAuthError)) throw error;
    if (error.error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="passwatch-demo-identity"');
    if (error.error === 'invalid_token') reply.header('www-authenticate', 'Bearer error="invalid_token"');
    return reply.code(error.status).header('cache-control', 'no-store').send({ error: error.error, error_description: error.description });
  });
  registerDiscoveryRoutes(app, context);
  registerAuthorizeRoutes(app, context);
  registerTokenRoute(app, context);
  registerUserinfoRoute(app, context);
  registerLogoutRoute(app, context);

  return {
    app,
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      issuerUrl ??= urlForAddress(app.server.address() as AddressInfo);
      return issuerUrl;
    },
    close: () => app.close(),
    registerClient: (client) => context.clients.register(client),
    get issuerUrl() {
      return context.issuer();
    },
  };
}

function urlForAddress({ address, port }: AddressInfo): string {
  // A wildcard bind is reachable on loopback; IPv6 literals need brackets in a URL.
  const host = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '[::1]' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}`;
}
