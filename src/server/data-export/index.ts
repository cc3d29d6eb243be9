// Customer data export: the organization's data as a zip, for its owner.
export { registerDataExportRoutes } from './routes.js';
