// Dashboard module: the stat cards, automation card and header badge.
export { registerDashboardRoutes } from './routes.js';
