import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from './identity-context.js';
import { OAuthError } from './oauth-error.js';
import { userClaims } from './signed-in-user.js';

export function registerUserinfoRoute(app: FastifyInstance, context: IdentityContext): void {
  app.get('/userinfo', async (request) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const grant = token === undefined ? undefined : context.accessTokens.peek(token);
    if (!grant) throw new OAuthError('invalid_token', 'The access token is missing, invalid or expired.', 401);
    return userClaims(grant.user);
  });
}
