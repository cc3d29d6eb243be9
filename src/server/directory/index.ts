// Directory module: scanning the organization's directory through Graph, security groups and the preview.
export { answeringGraphErrors } from './graph-app-error.js';
export { registerDirectoryRoutes } from './routes.js';
export { scanDirectory, type ScannedUser } from './scan-directory.js';
