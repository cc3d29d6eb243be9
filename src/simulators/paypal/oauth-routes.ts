import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newAccessToken } from './ids.js';
import { authenticationFailure, HttpError } from './paypal-errors.js';
import { paypalTime } from './simulator-clock.js';
import type { SimulatorContext } from './simulator-context.js';
import { requestPath } from './http-conventions.js';

const ACCESS_TOKEN_LIFETIME_SECONDS = 32_400;
const APP_ID = 'APP-80W284485P519543T';
const SCOPES = [
  'https://uri.paypal.com/services/subscriptions',
  'https://uri.paypal.com/services/applications/webhooks',
  'https://uri.paypal.com/services/payments/realtimepayment',
  'https://uri.paypal.com/services/payments/refund',
  'https://api.paypal.com/v1/payments/.*',
  'openid',
].join(' ');

const oauthError = (statusCode: number, error: string, description: string) => new HttpError(statusCode, { error, error_description: description });

function equalSecrets(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function clientFromBasicAuth(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** `POST /v1/oauth2/token`: client credentials in HTTP Basic, `grant_type=client_credentials` as a form. */
export function registerOAuthTokenRoute(app: FastifyInstance, ctx: SimulatorContext): void {
  app.post('/v1/oauth2/token', async (request) => {
    const client = clientFromBasicAuth(request.headers.authorization);
    if (!client || !equalSecrets(client.id, ctx.clientId) || !equalSecrets(client.secret, ctx.clientSecret)) {
      throw oauthError(401, 'invalid_client', 'Client Authentication failed');
    }
    const form = (request.body ?? {}) as Record<string, unknown>;
    const grantType = form.grant_type;
    if (grantType === undefined || grantType === '') throw oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    if (grantType !== 'client_credentials') throw oauthError(400, 'unsupported_grant_type', 'unsupported grant_type');
    const accessToken = newAccessToken();
    const issuedAt = ctx.clock.wallNow();
    ctx.state.accessTokens.set(accessToken, new Date(issuedAt.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000));
    return {
      scope: SCOPES,
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: APP_ID,
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      nonce: `${paypalTime(issuedAt)}${newAccessToken().slice(5, 48)}`,
    };
  });
}

/** Paths under /v1 that need no bearer token: the token endpoint itself and the public certificates. */
function isPublicPath(path: string): boolean {
  return path === '/v1/oauth2/token' || path.startsWith('/v1/notifications/certs/');
}

/** Every other `/v1` call needs a live bearer token from the token endpoint. */
export function requireBearerTokens(app: FastifyInstance, ctx: SimulatorContext): void {
  app.addHook('onRequest', async (request) => {
    const path = requestPath(request);
    if (!path.startsWith('/v1/') || isPublicPath(path)) return;
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token ? ctx.state.accessTokens.get(token) : undefined;
    if (!expiresAt || expiresAt <= ctx.clock.wallNow()) throw authenticationFailure();
  });
}
