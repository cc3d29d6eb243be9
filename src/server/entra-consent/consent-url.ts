/** Passwatch asks for its app's own required permissions: the static `.default` scope of Graph. */
const GRAPH_DEFAULT_SCOPE = 'https://graph.microsoft.com/.default';

/** Where Microsoft sends the browser back after the sign-in and after the consent page: registered on the app as a Web redirect URI. */
export function consentRedirectUri(appUrl: string): string {
  return `${appUrl}/api/entra/consent-callback`;
}

/**
 * Microsoft's sign-in for the Passwatch app (authorization code + PKCE, docs/domain.md §Admin
 * sign-in for Connect with Microsoft): `{authority}/organizations/oauth2/v2.0/authorize` lets the
 * administrator pick their account; a tenant the admin named goes in its place.
 */
export function adminSignInUrl(input: {
  authorityUrl: string;
  clientId: string;
  redirectUri: string;
  authority: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}): string {
  const url = new URL(`${input.authorityUrl}/${encodeURIComponent(input.authority)}/oauth2/v2.0/authorize`);
  url.search = new URLSearchParams({
    client_id: input.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    response_mode: 'query',
    scope: 'openid profile',
    state: input.state,
    nonce: input.nonce,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

/** Microsoft's admin-consent page for the app, in the tenant the administrator's sign-in proved. */
export function adminConsentUrl(input: { authorityUrl: string; clientId: string; redirectUri: string; state: string; tenant: string }): string {
  const url = new URL(`${input.authorityUrl}/${encodeURIComponent(input.tenant)}/v2.0/adminconsent`);
  url.search = new URLSearchParams({ client_id: input.clientId, scope: GRAPH_DEFAULT_SCOPE, redirect_uri: input.redirectUri, state: input.state }).toString();
  return url.toString();
}
