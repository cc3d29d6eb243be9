// Who reminders go to besides the user: pilot mode (one mailbox instead of every user) and the
// manager's copy.
export { findRecipientRules, type RecipientRules } from './recipients-store.js';
export { registerReminderRecipientsRoutes } from './routes.js';
