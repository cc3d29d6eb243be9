/** Server routes the browser must load as whole pages (sign-in is a server redirect). */
export type ServerRoute = '/api/login' | '/api/auth/login';

export function navigateToServerRoute(route: ServerRoute): void {
  window.location.href = route;
}

/** Leaves the app for an address the server named (after sign-out: the identity provider's logout page). */
export function navigateToUrl(url: string): void {
  window.location.assign(url);
}
