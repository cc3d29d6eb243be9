// Configuration module: the organization's Entra connection, schedule and filters, and how to reach its Graph tenant.
export { type ConfigurationRow, findConfiguration, readConfiguration, toConfigurationDto } from './configuration-store.js';
export { recordConnectionOutcome, trackConnection } from './connection-status.js';
export { type AppIdentity, graphClientFor, graphClientForTenant, type GraphConnection, loadGraphConnection, type TenantGraphDeps } from './graph-connection.js';
export { registerConfigurationRoutes } from './routes.js';
export { createTenantGraphServices, type TenantGraphInput } from './tenant-graph-services.js';
export { guessTimeZone, noteTimeZone, storedTimeZone } from './time-zone-guess.js';
export { stillToday, todayIn } from './today-in-zone.js';
