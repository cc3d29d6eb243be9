import type { FastifyInstance } from 'fastify';
import { compactVerify } from 'jose';
import { sendHtml } from './html-reply.js';
import type { IdentityClient } from './identity-client.js';
import type { IdentityContext } from './identity-context.js';
import { renderSignedOutPage } from './pages.js';
import { withQueryParameters } from './redirect-url.js';
import { queryParameters } from './request-parameters.js';

/**
 * RP-initiated logout. The simulator keeps no session, so signing out only means sending the
 * browser back to a registered post-logout URI, or showing the signed-out page.
 */
export function registerLogoutRoute(app: FastifyInstance, context: IdentityContext): void {
  /** The audience of a hint this issuer signed; expired hints still count, as OpenID Connect RP-Initiated Logout advises. */
  const audienceOfIdTokenHint = async (hint: string): Promise<string | undefined> => {
    const verified = await compactVerify(hint, context.signingKey().publicKey).catch(() => undefined);
    if (!verified) return undefined;
    const claims = JSON.parse(new TextDecoder().decode(verified.payload)) as { iss?: unknown; aud?: unknown };
    return claims.iss === context.issuer() && typeof claims.aud === 'string' ? claims.aud : undefined;
  };

  const requestingClient = async (parameters: URLSearchParams): Promise<IdentityClient | undefined> => {
    const hint = parameters.get('id_token_hint');
    const hintedClientId = hint ? await audienceOfIdTokenHint(hint) : undefined;
    const namedClientId = parameters.get('client_id') ?? undefined;
    if (hintedClientId && namedClientId && hintedClientId !== namedClientId) return undefined;
    return context.clients.find(namedClientId ?? hintedClientId);
  };

  app.get('/logout', async (request, reply) => {
    const parameters = queryParameters(request);
    const client = await requestingClient(parameters);
    const target = parameters.get('post_logout_redirect_uri');
    if (client && target && client.postLogoutRedirectUris.includes(target)) {
      return reply.redirect(withQueryParameters(target, { state: parameters.get('state') ?? undefined }), 302);
    }
    return sendHtml(reply, 200, renderSignedOutPage());
  });
}
