import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkAuthorizationRequest, type AuthorizationRequestCheck } from './authorization-request.js';
import { sendHtml } from './html-reply.js';
import type { IdentityContext } from './identity-context.js';
import { INVALID_EMAIL_MESSAGE, renderErrorPage, renderSignInPage } from './pages.js';
import { withQueryParameters } from './redirect-url.js';
import { formParameters, queryParameters } from './request-parameters.js';
import { isValidEmail, userFromSignIn } from './signed-in-user.js';

/** GET shows the sign-in form; POST receives it (with the request re-validated) and issues a code. */
export function registerAuthorizeRoutes(app: FastifyInstance, context: IdentityContext): void {
  const replyToInvalidRequest = (reply: FastifyReply, check: Exclude<AuthorizationRequestCheck, { kind: 'valid' }>) => {
    if (check.kind === 'show-error') return sendHtml(reply, 400, renderErrorPage(check.message));
    const target = withQueryParameters(check.redirectUri, {
      error: check.error,
      error_description: check.description,
      state: check.state,
      iss: context.issuer(),
    });
    return reply.redirect(target, 302);
  };

  app.get('/authorize', async (request, reply) => {
    const check = checkAuthorizationRequest(queryParameters(request), context.clients);
    if (check.kind !== 'valid') return replyToInvalidRequest(reply, check);
    return sendHtml(reply, 200, renderSignInPage(check.request, { email: check.request.loginHint ?? '', name: '' }));
  });

  app.post('/authorize', async (request, reply) => {
    const form = formParameters(request);
    const check = checkAuthorizationRequest(form, context.clients);
    if (check.kind !== 'valid') return replyToInvalidRequest(reply, check);
    const authorization = check.request;
    const email = (form.get('email') ?? '').trim();
    const name = form.get('name') ?? '';
    if (!isValidEmail(email)) {
      return sendHtml(reply, 400, renderSignInPage(authorization, { email, name, error: INVALID_EMAIL_MESSAGE }));
    }
    const code = context.codes.issue({
      clientId: authorization.client.clientId,
      redirectUri: authorization.redirectUri,
      codeChallenge: authorization.codeChallenge,
      nonce: authorization.nonce,
      scope: authorization.scope,
      user: userFromSignIn(email, name),
      authTime: context.clock(),
    });
    const target = withQueryParameters(authorization.redirectUri, {
      code,
      state: authorization.state,
      iss: context.issuer(),
    });
    return reply.redirect(target, 302);
  });
}
