// Auth module: who is calling: sessions, cookies, the guards every route uses, the OIDC client and sign-out.
export { cookieOptions, LOGIN_STATE_COOKIE, LOGIN_STATE_MAX_AGE_SECONDS, SESSION_COOKIE } from './cookies.js';
export { createGuards, type Guard, type Guards, tenantIdHeader, tenantIdOf, userIdOf } from './guards.js';
export { allow, registerRouteAccess } from './route-access.js';
export { OidcProvider, type SignedInIdentity } from './oidc-provider.js';
export { SessionLookupCache } from './session-lookup-cache.js';
export { SessionStore } from './session-store.js';
export { renderSignInProblem } from './sign-in-problem-page.js';
export { registerSignOutRoutes } from './sign-out-routes.js';
