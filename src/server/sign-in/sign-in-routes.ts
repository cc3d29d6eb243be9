import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { loginRequests } from '../db/schema/index.js';
import type { RateLimitCheck } from '../http/rate-limits.js';
import { recordOperatorAction } from '../admin/index.js';
import { isOperatorAdmin, type OperatorAdmins, upsertUser } from '../users/index.js';
import {
  allow,
  cookieOptions,
  LOGIN_STATE_COOKIE,
  LOGIN_STATE_MAX_AGE_SECONDS,
  type OidcProvider,
  renderSignInProblem,
  SESSION_COOKIE,
  type SessionStore,
  type SignedInIdentity,
} from '../auth/index.js';

export interface SignInDeps {
  db: Database;
  oidc: OidcProvider;
  sessions: SessionStore;
  appUrl: string;
  cookieSecure: boolean;
  sessionMaxAgeMs: number;
  /** Sign-in starts per client address (each writes a pending sign-in row). */
  signInLimit: RateLimitCheck;
  admins: OperatorAdmins;
}

/** Browser-facing sign-in: /api/login (and /api/auth/login) and /api/callback; signing out is in sign-out-routes.ts. */
export function registerSignInRoutes(app: FastifyInstance, deps: SignInDeps): void {
  const startLogin = async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await deps.signInLimit(request);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return sendProblem(reply, 429, verdict.message);
    }
    const start = await deps.oidc.startAuthorization();
    await deps.db.insert(loginRequests).values({ state: start.state, codeVerifier: start.codeVerifier, nonce: start.nonce });
    reply.setCookie(LOGIN_STATE_COOKIE, start.state, cookieOptions(deps.cookieSecure, LOGIN_STATE_MAX_AGE_SECONDS));
    return reply.redirect(start.url);
  };
  app.get('/api/login', allow('public'), startLogin);
  app.get('/api/auth/login', allow('public'), startLogin);

  app.get('/api/callback', allow('public', { changesData: true }), async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    const browserState = request.cookies[LOGIN_STATE_COOKIE];
    reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/' });

    if (typeof query.error === 'string') {
      request.log.info({ error: query.error }, 'identity provider refused sign-in');
      const description = typeof query.error_description === 'string' ? query.error_description : query.error;
      return sendProblem(reply, 400, `The identity provider did not sign you in: ${description}`);
    }
    // The state must be the one this browser was given, and unused (one sign-in per request).
    if (!state || state !== browserState) {
      request.log.info('sign-in callback with a state this browser did not start');
      return sendProblem(reply, 400, 'This sign-in link is invalid or has expired. Please sign in again.');
    }
    const [pending] = await deps.db.delete(loginRequests).where(eq(loginRequests.state, state)).returning();
    if (!pending || Date.now() - pending.createdAt.getTime() > LOGIN_STATE_MAX_AGE_SECONDS * 1000) {
      return sendProblem(reply, 400, 'This sign-in link is invalid or has expired. Please sign in again.');
    }

    let identity: SignedInIdentity;
    try {
      identity = await deps.oidc.finishAuthorization(new URL(request.url, deps.appUrl), {
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'sign-in code exchange failed');
      return sendProblem(reply, 400, 'Sign-in could not be completed. Please sign in again.');
    }

    const user = await upsertUser(deps.db, identity);
    if (isOperatorAdmin(user, deps.admins)) await recordOperatorAction(deps.db, user.id, 'admin_sign_in', request.ip);
    // Rotate: whatever session this browser had ends; a new token is issued.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deps.sessions.delete(previous);
    const token = await deps.sessions.create(user.id, identity.idToken);
    reply.setCookie(SESSION_COOKIE, token, cookieOptions(deps.cookieSecure, Math.floor(deps.sessionMaxAgeMs / 1000)));
    request.log.info({ userId: user.id }, 'signed in');
    return reply.redirect('/');
  });
}

function sendProblem(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(renderSignInProblem(message));
}
