import { timingSafeEqual } from 'node:crypto';
import type { ClientRegistry, IdentityClient } from './identity-client.js';
import { OAuthError } from './oauth-error.js';

/**
 * Authenticates the caller of the token endpoint by client_secret_basic or client_secret_post.
 * Using both at once is refused, as RFC 6749 section 2.3 requires.
 */
export function authenticateClient(registry: ClientRegistry, authorizationHeader: string | undefined, body: URLSearchParams): IdentityClient {
  const basic = parseBasicCredentials(authorizationHeader);
  const postedSecret = body.get('client_secret');
  if (basic && postedSecret !== null) {
    throw new OAuthError('invalid_request', 'Use only one client authentication method.');
  }
  const credentials = basic ?? { clientId: body.get('client_id'), clientSecret: postedSecret };
  const client = registry.find(credentials.clientId);
  if (!client || credentials.clientSecret === null || !secretsEqual(client.clientSecret, credentials.clientSecret)) {
    throw new OAuthError('invalid_client', 'Client authentication failed.', 401);
  }
  return client;
}

function parseBasicCredentials(header: string | undefined) {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials.', 401);
  // RFC 6749 section 2.3.1: id and secret are form-urlencoded before being joined.
  return {
    clientId: formDecode(decoded.slice(0, separator)),
    clientSecret: formDecode(decoded.slice(separator + 1)),
  };
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function secretsEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
