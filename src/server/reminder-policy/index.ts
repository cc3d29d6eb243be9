// The reminder policy module: an organization's chosen reminder days and after-expiry reminders,
// and the dry run and forecast that project what the coming checks send.
export { findAfterExpiryWording, findReminderThresholds } from './policy-store.js';
export { LIST_AHEAD_DAYS } from './reminder-projection.js';
export { registerReminderPolicyRoutes } from './routes.js';
