import type { FastifyInstance } from 'fastify';
import { SUPPORTED_SCOPES } from './authorization-request.js';
import type { IdentityContext } from './identity-context.js';

function openIdConfiguration(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    end_session_endpoint: `${issuer}/logout`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: [...SUPPORTED_SCOPES],
    claims_supported: ['iss', 'aud', 'sub', 'iat', 'exp', 'auth_time', 'nonce', 'email', 'email_verified', 'name', 'given_name', 'family_name'],
    // RFC 9207: clients may then insist on the iss parameter in the authorization response.
    authorization_response_iss_parameter_supported: true,
  };
}

export function registerDiscoveryRoutes(app: FastifyInstance, context: IdentityContext): void {
  app.get('/.well-known/openid-configuration', async () => openIdConfiguration(context.issuer()));
  app.get('/jwks', async () => ({ keys: [context.signingKey().publicJwk] }));
}
