/** Passwatch asks for its app's own required permissions: the static `.default` scope of Graph. */
const GRAPH_DEFAULT_SCOPE = 'https://graph.microsoft.com/.default';

/** Where Microsoft sends the browser back after the consent page: registered on the app as a Web redirect URI. */
export function consentRedirectUri(appUrl: string): string {
  return `${appUrl}/api/entra/consent-callback`;
}

/**
 * Microsoft's admin-consent page for the app: `{authority}/organizations/v2.0/adminconsent` lets
 * the administrator's sign-in pick the tenant; a tenant the admin named goes in its place.
 */
export function adminConsentUrl(input: { authorityUrl: string; clientId: string; redirectUri: string; state: string; tenant?: string | undefined }): string {
  const url = new URL(`${input.authorityUrl}/${encodeURIComponent(input.tenant ?? 'organizations')}/v2.0/adminconsent`);
  url.search = new URLSearchParams({ client_id: input.clientId, scope: GRAPH_DEFAULT_SCOPE, redirect_uri: input.redirectUri, state: input.state }).toString();
  return url.toString();
}
