import { createRemoteJWKSet, customFetch, decodeJwt, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { isGuid } from '../../shared/api/guid.js';
import type { AppIdentity } from '../configuration/index.js';

/**
 * Proof that a tenant's administrator is present (docs/domain.md §Admin sign-in for Connect with
 * Microsoft): the ID token of their sign-in with the Passwatch app, redeemed server to server and
 * checked against the signing keys the tenant's own OpenID metadata names. Only a Global
 * Administrator or a Privileged Role Administrator may grant tenant-wide consent to application
 * permissions, so only their directory roles (`wids`) count.
 */
export const CONSENTING_ROLES = {
  '62e90394-69f5-4237-9190-012177145e10': 'Global Administrator',
  'e8611ab8-c189-46e8-94e1-60213ab1f814': 'Privileged Role Administrator',
} as const satisfies Record<string, string>;

/** Microsoft signs ID tokens with RS256. */
const ALGORITHMS = ['RS256'];
/** Clock difference tolerated on exp, nbf and iat. */
const CLOCK_TOLERANCE_SECONDS = 300;

export interface AdminProof {
  /** The directory the administrator signed in to (`tid`), lower case. */
  tenantId: string;
  /** The administrator's object id (`oid`). */
  objectId: string;
  /** Their sign-in name, for the audit log. */
  username: string;
  /** The role that lets them consent. */
  role: string;
}

/** Why a sign-in is no proof: `not_admin` when it is a genuine sign-in of someone who may not consent. */
export class AdminProofRefused extends Error {
  constructor(
    readonly result: 'not_admin' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export interface AdminSignInDeps {
  /** Entra's authority, e.g. https://login.microsoftonline.com (the Graph simulator's in demo mode). */
  authorityUrl: string;
  requestTimeoutMs: number;
  fetch?: typeof fetch;
  now: () => Date;
}

const tokenResponse = z.object({ id_token: z.string().min(1).max(20_000) });
const openIdMetadata = z.object({ issuer: z.string(), jwks_uri: z.url() });

/**
 * Redeems the sign-in's code at the authority it was started at (`authoritySegment`, a tenant or
 * `organizations`) with the app's credential and the PKCE verifier, and returns the verified proof.
 */
export async function redeemAdminSignIn(
  deps: AdminSignInDeps,
  app: AppIdentity,
  signIn: { authoritySegment: string; code: string; codeVerifier: string; nonce: string; redirectUri: string },
): Promise<AdminProof> {
  const tokenUrl = `${deps.authorityUrl}/${encodeURIComponent(signIn.authoritySegment)}/oauth2/v2.0/token`;
  const authentication = await app.credential.authenticationFields(tokenUrl, app.clientId, deps.now().getTime());
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: app.clientId,
    code: signIn.code,
    redirect_uri: signIn.redirectUri,
    code_verifier: signIn.codeVerifier,
    scope: 'openid profile',
    ...authentication,
  });
  const answer = await getJson(deps, tokenUrl, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const parsed = tokenResponse.safeParse(answer);
  if (!parsed.success) throw new AdminProofRefused('failed', `the token endpoint answered no ID token (${describeError(answer)})`);
  return verifyAdminIdToken(deps, { idToken: parsed.data.id_token, clientId: app.clientId, nonce: signIn.nonce });
}

/**
 * Checks an ID token: the tenant it names publishes OpenID metadata whose issuer is that tenant's
 * at our authority, the signature verifies with a key from that metadata's jwks_uri, `iss`, `aud`
 * (our app), lifetime and `nonce` are right, and `wids` holds a role that may consent.
 */
export async function verifyAdminIdToken(deps: AdminSignInDeps, token: { idToken: string; clientId: string; nonce: string }): Promise<AdminProof> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token.idToken);
  } catch {
    throw new AdminProofRefused('failed', 'the ID token is not a JWT');
  }
  const tenantId = typeof unverified.tid === 'string' && isGuid(unverified.tid) ? unverified.tid.toLowerCase() : null;
  if (!tenantId) throw new AdminProofRefused('failed', 'the ID token names no tenant (tid)');
  const issuer = `${deps.authorityUrl}/${tenantId}/v2.0`;
  const metadata = openIdMetadata.safeParse(await getJson(deps, `${issuer}/.well-known/openid-configuration`));
  if (!metadata.success || metadata.data.issuer !== issuer)
    throw new AdminProofRefused('failed', `tenant ${tenantId} publishes no OpenID metadata for ${issuer}`);
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token.idToken, signingKeysAt(deps, metadata.data.jwks_uri), {
      issuer,
      audience: token.clientId,
      algorithms: ALGORITHMS,
      currentDate: deps.now(),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['iat', 'exp', 'nonce', 'oid'],
    }));
  } catch (error) {
    throw new AdminProofRefused('failed', `the ID token does not verify: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (claims.nonce !== token.nonce) throw new AdminProofRefused('failed', 'the ID token answers another sign-in (nonce)');
  const objectId = typeof claims.oid === 'string' && isGuid(claims.oid) ? claims.oid.toLowerCase() : null;
  if (!objectId) throw new AdminProofRefused('failed', 'the ID token names no user (oid)');
  const username = typeof claims.preferred_username === 'string' ? claims.preferred_username.slice(0, 200) : objectId;
  const wids = Array.isArray(claims.wids) ? claims.wids.filter((role): role is string => typeof role === 'string') : [];
  const role = wids.map((id) => CONSENTING_ROLES[id.toLowerCase() as keyof typeof CONSENTING_ROLES]).find(Boolean);
  if (!role)
    throw new AdminProofRefused('not_admin', `${username} is neither a Global Administrator nor a Privileged Role Administrator of tenant ${tenantId}`);
  return { tenantId, objectId, username, role };
}

// Key sets by jwks_uri: jose refetches one when a token names a key it has not seen (rotation).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const MAX_KEY_SETS = 1_000;

function signingKeysAt(deps: AdminSignInDeps, jwksUri: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(jwksUri);
  if (!keySet) {
    if (keySets.size >= MAX_KEY_SETS) keySets.clear();
    const fetchImplementation = deps.fetch ?? fetch;
    keySet = createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: deps.requestTimeoutMs,
      [customFetch]: (url, options) => fetchImplementation(url, options),
    });
    keySets.set(jwksUri, keySet);
  }
  return keySet;
}

async function getJson(deps: AdminSignInDeps, url: string, init: RequestInit = {}): Promise<unknown> {
  try {
    const response = await (deps.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(deps.requestTimeoutMs) });
    return await response.json();
  } catch (error) {
    throw new AdminProofRefused('failed', `${new URL(url).host} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function describeError(answer: unknown): string {
  const parsed = z.object({ error: z.string(), error_description: z.string().optional() }).safeParse(answer);
  if (!parsed.success) return 'unexpected answer';
  return (/^\s*(AADSTS\d+)/.exec(parsed.data.error_description ?? '')?.[1] ?? parsed.data.error).slice(0, 100);
}
