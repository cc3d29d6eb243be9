// Audit module: the organization's audit log, written by every module and listed on the dashboard.
export { actorNameOf } from './actor-name.js';
export { type AuditWriter, recordAudit } from './record-audit.js';
export { registerAuditRoutes } from './routes.js';
