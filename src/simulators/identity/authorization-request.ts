import type { ClientRegistry, IdentityClient } from './identity-client.js';

export const SUPPORTED_SCOPES = ['openid', 'profile', 'email'] as const;

/** The protocol parameters the sign-in form carries from GET /authorize to POST /authorize. */
const CARRIED_PARAMETERS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'] as const;

export interface AuthorizationRequest {
  client: IdentityClient;
  redirectUri: string;
  /** Requested scopes this issuer supports, space-separated. */
  scope: string;
  state: string | undefined;
  nonce: string | undefined;
  codeChallenge: string;
  loginHint: string | undefined;
  /** Name/value pairs to echo as hidden form fields. */
  carriedParameters: Array<[string, string]>;
}

export type AuthorizationRequestCheck =
  | { kind: 'valid'; request: AuthorizationRequest }
  /** The client or redirect URI cannot be trusted: show the error, never redirect (RFC 6749 4.1.2.1). */
  | { kind: 'show-error'; message: string }
  /** The redirect URI is trusted: report the error to the client there. */
  | { kind: 'redirect-error'; redirectUri: string; state: string | undefined; error: string; description: string };

export function checkAuthorizationRequest(parameters: URLSearchParams, registry: ClientRegistry): AuthorizationRequestCheck {
  const client = registry.find(parameters.get('client_id'));
  if (!client) return { kind: 'show-error', message: 'The application asking you to sign in is not registered.' };
  const redirectUri = parameters.get('redirect_uri');
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return { kind: 'show-error', message: 'The redirect URI is not registered for this application.' };
  }

  const state = parameters.get('state') ?? undefined;
  const fail = (error: string, description: string): AuthorizationRequestCheck => ({
    kind: 'redirect-error',
    redirectUri,
    state,
    error,
    description,
  });
  if (parameters.get('response_type') !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  }
  const requestedScopes = (parameters.get('scope') ?? '').split(' ').filter(Boolean);
  if (!requestedScopes.includes('openid')) return fail('invalid_scope', 'The scope must include openid.');
  const codeChallenge = parameters.get('code_challenge');
  if (!codeChallenge) return fail('invalid_request', 'PKCE is required: send code_challenge.');
  if (parameters.get('code_challenge_method') !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256.');
  }

  return {
    kind: 'valid',
    request: {
      client,
      redirectUri,
      scope: SUPPORTED_SCOPES.filter((scope) => requestedScopes.includes(scope)).join(' '),
      state,
      nonce: parameters.get('nonce') ?? undefined,
      codeChallenge,
      loginHint: parameters.get('login_hint') ?? undefined,
      carriedParameters: CARRIED_PARAMETERS.flatMap((name) => {
        const value = parameters.get(name);
        return value === null ? [] : [[name, value] as [string, string]];
      }),
    },
  };
}
