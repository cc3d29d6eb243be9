// Operator admin module: the /admin API, the CSV export and the operator audit log.
export { recordOperatorAction } from './operator-audit.js';
export { createRequireAdmin } from './require-admin.js';
export { registerAdminRoutes } from './routes.js';
