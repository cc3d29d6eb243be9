// Tenants module: organizations and their membership.
export { listTenantsForUser } from './list-tenants.js';
export { registerTenantRoutes } from './routes.js';
