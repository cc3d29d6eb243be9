// Users module: the signed-in user's record and profile, and operator-admin matching.
export { isOperatorAdmin, type OperatorAdmins, signInFactsOf } from './operator-admins.js';
export { registerUserRoutes } from './routes.js';
export { upsertUser } from './upsert-user.js';
