import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signOutMessages, type SignOutEverywhereResponse, type SignOutResponse } from '../../shared/api/sign-out.js';
import { cookieOptions, SESSION_COOKIE } from './cookies.js';
import { userIdOf } from './guards.js';
import { allow } from './route-access.js';
import type { OidcProvider } from './oidc-provider.js';
import type { SessionStore } from './session-store.js';
import { ANONYMOUS_BODY_LIMIT } from '../http/json-body.js';
import { renderSignInProblem } from './sign-in-problem-page.js';

export interface SignOutDeps {
  oidc: OidcProvider;
  sessions: SessionStore;
  appUrl: string;
  cookieSecure: boolean;
}

const LOGOUT_PATHS = ['/api/logout', '/api/auth/logout'] as const;

/**
 * Signing out is a POST, so a link or an image on another site cannot sign anyone out: the
 * same-origin check refuses a foreign Origin and the SameSite=Lax cookie is not sent on a
 * cross-site POST. The answer names where the browser goes next (the identity provider's
 * end-session page) instead of redirecting: a form post redirected to another origin would be
 * blocked by the Content-Security-Policy's form-action, and fetch cannot follow it either.
 */
export function registerSignOutRoutes(app: FastifyInstance, deps: SignOutDeps): void {
  const providerLogout = async (request: FastifyRequest, idToken: string | null): Promise<string> => {
    try {
      return (await deps.oidc.endSessionUrl(idToken, `${deps.appUrl}/`)) ?? '/';
    } catch (error) {
      // The local session is over either way; the provider's logout is a courtesy.
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'provider logout unavailable');
      return '/';
    }
  };

  const logout = async (request: FastifyRequest, reply: FastifyReply): Promise<SignOutResponse> => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await deps.sessions.find(token) : null;
    if (token) await deps.sessions.delete(token);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(deps.cookieSecure));
    return { redirectTo: session ? await providerLogout(request, session.idToken) : '/' };
  };

  // An old bookmark or a link: nothing happens to the session; the page says how to sign out.
  const refuseGet = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(405).header('allow', 'POST').type('text/html; charset=utf-8').send(renderSignInProblem(signOutMessages.useTheButton, 'Sign out'));

  for (const path of LOGOUT_PATHS) {
    app.post(path, { ...allow('public'), bodyLimit: ANONYMOUS_BODY_LIMIT }, logout);
    app.get(path, allow('public'), refuseGet);
  }

  app.post('/api/auth/logout-everywhere', allow('signed-in'), async (request, reply): Promise<SignOutEverywhereResponse> => {
    const userId = userIdOf(request);
    const endedSessions = await deps.sessions.deleteAllOfUser(userId);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(deps.cookieSecure));
    request.log.info({ userId, endedSessions }, 'signed out everywhere');
    return { endedSessions, redirectTo: await providerLogout(request, request.auth!.idToken) };
  });
}
