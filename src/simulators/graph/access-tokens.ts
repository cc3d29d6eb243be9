// Bearer tokens: JWT-shaped (header.payload.signature, with the claims Entra puts in app-only
// Graph tokens) but validated by lookup, so only tokens this simulator issued, and only until
// they expire, open Graph.
import { randomBytes } from 'node:crypto';
import { invalidAuthenticationToken } from './errors.js';
import type { SimTenant, ServicePrincipal } from './directory.js';
import type { AppRegistration, GraphSimulatorState, IssuedToken } from './state.js';

const GRAPH_AUDIENCE = 'https://graph.microsoft.com';
const PRUNE_ABOVE = 1_000;

export interface TokenGrant {
  accessToken: string;
  expiresIn: number;
}

export function issueAccessToken(state: GraphSimulatorState, tenant: SimTenant, application: AppRegistration, servicePrincipal: ServicePrincipal): TokenGrant {
  const issuedAt = Math.floor(state.clock().getTime() / 1000);
  const expiresIn = state.settings.tokenLifetimeSeconds;
  const roles = [...servicePrincipal.permissions].sort();
  const header = { typ: 'JWT', alg: 'RS256', kid: 'graph-simulator' };
  const claims = {
    aud: GRAPH_AUDIENCE,
    iss: `https://sts.windows.net/${tenant.id}/`,
    iat: issuedAt,
    nbf: issuedAt,
    exp: issuedAt + expiresIn,
    app_displayname: application.displayName,
    appid: application.appId,
    appidacr: '1',
    idtyp: 'app',
    oid: servicePrincipal.objectId,
    roles,
    sub: servicePrincipal.objectId,
    tid: tenant.id,
    uti: randomBytes(16).toString('base64url'),
    ver: '1.0',
  };
  const accessToken = [base64Json(header), base64Json(claims), randomBytes(32).toString('base64url')].join('.');
  pruneExpired(state);
  state.accessTokens.set(accessToken, {
    tenantId: tenant.id,
    appId: application.appId,
    roles: new Set(roles),
    expiresAt: (issuedAt + expiresIn) * 1000,
  });
  return { accessToken, expiresIn };
}

/** The token an `Authorization: Bearer ...` header carries, or 401 InvalidAuthenticationToken. */
export function resolveAccessToken(state: GraphSimulatorState, authorization: string | undefined): IssuedToken {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw invalidAuthenticationToken('Access token is empty.');
  const issued = state.accessTokens.get(match[1]);
  if (!issued) throw invalidAuthenticationToken('Access token validation failure.');
  if (state.clock().getTime() >= issued.expiresAt) {
    throw invalidAuthenticationToken('Lifetime validation failed, the token is expired.');
  }
  return issued;
}

function pruneExpired(state: GraphSimulatorState): void {
  if (state.accessTokens.size < PRUNE_ABOVE) return;
  const now = state.clock().getTime();
  for (const [token, issued] of state.accessTokens) if (issued.expiresAt <= now) state.accessTokens.delete(token);
}

function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
