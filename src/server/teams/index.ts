// Teams module: an organization's members and roles (change, remove, leave, transfer the ownership) and invitations.
export { registerTeamRoutes } from './team-routes.js';
