/** A relying party registered with the simulated issuer, as an app registration would be in Entra. */
export interface IdentityClient {
  clientId: string;
  clientSecret: string;
  /** Compared exactly, as Entra does: no prefix or wildcard matching. */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/** Demo credentials; the server registers them with its own URIs once it knows its address. */
export const DEMO_IDENTITY_CLIENT = {
  clientId: 'passwatch-demo',
  clientSecret: 'passwatch-demo-secret',
} as const;

export interface ClientRegistry {
  /** Adds the client, or replaces the one with the same clientId. */
  register(client: IdentityClient): void;
  find(clientId: string | null | undefined): IdentityClient | undefined;
}

export function createClientRegistry(initial: readonly IdentityClient[]): ClientRegistry {
  const clients = new Map<string, IdentityClient>();
  const registry: ClientRegistry = {
    register(client) {
      clients.set(client.clientId, {
        ...client,
        redirectUris: [...client.redirectUris],
        postLogoutRedirectUris: [...client.postLogoutRedirectUris],
      });
    },
    find(clientId) {
      return clientId ? clients.get(clientId) : undefined;
    },
  };
  for (const client of initial) registry.register(client);
  return registry;
}
