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
  subject: string;
  email: string | null;
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
    return identityFromClaims(claims, tokens.id_token ?? null);
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
        .discovery(issuer, this.settings.clientId, undefined, oidc.ClientSecretPost(this.settings.clientSecret), { execute })
        .catch((error: unknown) => {
          this.configuration = null; // try discovery again on the next sign-in
          throw error;
        });
    }
    return this.configuration;
  }
}

function stringClaim(claims: oidc.IDToken, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

/** Maps ID token claims to our user fields; Entra often sends the address only as preferred_username. */
export function identityFromClaims(claims: oidc.IDToken, idToken: string | null): SignedInIdentity {
  const preferred = stringClaim(claims, 'preferred_username');
  const email = stringClaim(claims, 'email') ?? (preferred?.includes('@') ? preferred : null);
  let firstName = stringClaim(claims, 'given_name');
  let lastName = stringClaim(claims, 'family_name');
  const name = stringClaim(claims, 'name');
  if (!firstName && !lastName && name) {
    const [first, ...rest] = name.split(/\s+/);
    firstName = first ?? null;
    lastName = rest.length > 0 ? rest.join(' ') : null;
  }
  return { issuer: claims.iss, subject: claims.sub, email: email?.toLowerCase() ?? null, firstName, lastName, idToken };
}
