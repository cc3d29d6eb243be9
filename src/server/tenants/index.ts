// Tenants module: organizations and their members.
export { listTenantsForUser } from './list-tenants.js';
export { registerTenantRoutes } from './routes.js';
