// Tenants module: organizations, their members and roles, invitations.
export { listTenantsForUser } from './list-tenants.js';
export { registerTenantRoutes } from './routes.js';
export { registerTeamRoutes } from './team-routes.js';
