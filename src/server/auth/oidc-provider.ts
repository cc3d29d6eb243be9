import * as oidc from 'openid-client';
import type { OidcSettings } from '../config.js';

export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SignedInIdentity {
  issuer: string;
  /** With the issuer, the user's key: `sub`, or for Entra the directory object id `oid`. */
  subject: string;
  /** The `sub` claim when the key is another claim: a user recorded under it before is re-keyed. */
  previousSubject: string | null;
  email: string | null;
  /** Whether the provider vouched for `email` (email_verified, or a provider trusted for it). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  idToken: string | null;
}

/**
 * The identity provider as the server sees it: authorization code + PKCE through openid-client.
 * Works against any compliant issuer: Microsoft Entra (`.../common/v2.0`, whose per-tenant issuer
 * openid-client resolves), Auth0, Keycloak, or the demo issuer.
 */
export class OidcProvider {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly redirectUri: string,
  ) {}

  async startAuthorization(): Promise<AuthorizationStart> {
    const config = await this.discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the code from the callback URL; throws when the response does not check out. */
  async finishAuthorization(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<SignedInIdentity> {
    const config = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The identity provider returned no ID token');
    // In the code flow a spec-conformant provider puts email and profile claims only in UserInfo
    // (the scopes were granted to the access token), so ask it when the ID token lacks them.
    const profile =
      lacksProfileClaims(claims) && config.serverMetadata().userinfo_endpoint
        ? { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims }
        : claims;
    return identityFromClaims(profile, tokens.id_token ?? null, this.settings.trustEmail);
  }

  /** Where to send the browser to end the session at the provider too, or null if it has no logout. */
  async endSessionUrl(idToken: string | null, postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.discover();
    if (!config.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri };
    if (idToken) parameters.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(config, parameters).href;
  }

  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuerUrl);
      // Plain HTTP is only ever the local demo issuer; real providers are HTTPS.
      const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
      this.configuration = oidc
        .discovery(issuer, this.settings.clientId, undefined, clientSecretAsDiscovered(this.settings.clientSecret), { execute })
        .catch((error: unknown) => {
          this.configuration = null; // try discovery again on the next sign-in
          throw error;
        });
    }
    return this.configuration;
  }
}

/**
 * Client authentication at the token endpoint, chosen from the discovery document:
 * client_secret_basic when offered (also when the list is absent, which OpenID Connect Discovery
 * defines as client_secret_basic only), else client_secret_post.
 */
export function clientSecretAsDiscovered(clientSecret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(clientSecret);
  const post = oidc.ClientSecretPost(clientSecret);
  return (server, client, body, headers) => {
    const offered = server.token_endpoint_auth_methods_supported;
    return (!offered || offered.includes('client_secret_basic') ? basic : post)(server, client, body, headers);
  };
}

type Claims = Record<string, unknown> & { iss: string; sub: string };

function lacksProfileClaims(claims: Claims): boolean {
  return !stringClaim(claims, 'email') || !(stringClaim(claims, 'name') || stringClaim(claims, 'given_name') || stringClaim(claims, 'family_name'));
}

function stringClaim(claims: Claims, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

/**
 * Maps ID token (and UserInfo) claims to our user fields. Entra often sends the address only as
 * preferred_username (usually the UPN); that one fills the contact address but is never taken as
 * verified, since a tenant's admin can set it to anything.
 *
 * Entra ID tokens carry `tid` and `oid`: there the key is the issuer (which names the tenant
 * `tid`) with `oid`, the user's object id, which stays the same for every app registration, while
 * Entra's `sub` is pairwise per application and would change with a new registration.
 */
export function identityFromClaims(claims: Claims, idToken: string | null, trustEmail: boolean): SignedInIdentity {
  const claimedEmail = stringClaim(claims, 'email');
  const preferred = stringClaim(claims, 'preferred_username');
  const email = claimedEmail ?? (preferred?.includes('@') ? preferred : null);
  const emailVerified = claimedEmail !== null && (claims.email_verified === true || trustEmail);
  let firstName = stringClaim(claims, 'given_name');
  let lastName = stringClaim(claims, 'family_name');
  const name = stringClaim(claims, 'name');
  if (!firstName && !lastName && name) {
    const [first, ...rest] = name.split(/\s+/);
    firstName = first ?? null;
    lastName = rest.length > 0 ? rest.join(' ') : null;
  }
  const entraObjectId = stringClaim(claims, 'tid') ? stringClaim(claims, 'oid') : null;
  return {
    issuer: claims.iss,
    subject: entraObjectId ?? claims.sub,
    previousSubject: entraObjectId && entraObjectId !== claims.sub ? claims.sub : null,
    email: email?.toLowerCase() ?? null,
    emailVerified,
    firstName,
    lastName,
    idToken,
  };
}
