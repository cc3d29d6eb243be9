/** Server routes the browser must load as whole pages (sign-in and sign-out are server redirects). */
export type ServerRoute = '/api/login' | '/api/auth/login' | '/api/logout';

export function navigateToServerRoute(route: ServerRoute): void {
  window.location.href = route;
}
