import type { FastifyInstance } from 'fastify';
import { authenticateClient } from './client-authentication.js';
import type { IdentityContext } from './identity-context.js';
import { OAuthError } from './oauth-error.js';
import { verifierMatchesChallenge } from './pkce.js';
import { formParameters } from './request-parameters.js';
import { userClaims } from './signed-in-user.js';
import { TOKEN_LIFETIME_SECONDS, signIdToken } from './signing-key.js';

export function registerTokenRoute(app: FastifyInstance, context: IdentityContext): void {
  app.post('/token', async (request, reply) => {
    const form = formParameters(request);
    // Authenticate before touching the code, so a caller with a wrong secret cannot burn it.
    const client = authenticateClient(context.clients, request.headers.authorization, form);
    if (form.get('grant_type') !== 'authorization_code') {
      throw new OAuthError('unsupported_grant_type', 'Only grant_type=authorization_code is supported.');
    }
    const code = form.get('code');
    const codeVerifier = form.get('code_verifier');
    if (!code) throw new OAuthError('invalid_request', 'The code parameter is required.');
    if (!codeVerifier) throw new OAuthError('invalid_request', 'The code_verifier parameter is required.');

    const grant = context.codes.take(code);
    if (!grant || grant.clientId !== client.clientId) {
      throw new OAuthError('invalid_grant', 'The authorization code is invalid, expired or already used.');
    }
    if (form.get('redirect_uri') !== grant.redirectUri) {
      throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    if (!verifierMatchesChallenge(codeVerifier, grant.codeChallenge)) {
      throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
    }

    const issuedAt = context.clock();
    const idToken = await signIdToken(context.signingKey(), {
      issuer: context.issuer(),
      audience: client.clientId,
      issuedAt,
      claims: {
        ...userClaims(grant.user),
        auth_time: Math.floor(grant.authTime.getTime() / 1000),
        ...(grant.nonce === undefined ? {} : { nonce: grant.nonce }),
      },
    });
    const accessToken = context.accessTokens.issue({ clientId: client.clientId, scope: grant.scope, user: grant.user });
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      id_token: idToken,
      scope: grant.scope,
    });
  });
}
