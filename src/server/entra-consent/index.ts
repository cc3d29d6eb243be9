// Entra consent module: Connect with Microsoft, the admin consent that lets the operator's
// multi-tenant Passwatch app into an organization's tenant instead of an app registration of its own.
export { consentRedirectUri } from './consent-url.js';
export { registerEntraConsentRoutes } from './routes.js';
