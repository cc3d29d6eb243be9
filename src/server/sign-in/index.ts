// Sign-in module: the OIDC authorization code flow that starts a session and records the user.
export { registerSignInRoutes } from './sign-in-routes.js';
