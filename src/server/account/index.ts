// Account module: the signed-in user's notification preferences and account deletion.
export { registerAccountRoutes } from './routes.js';
