// Notifications module: templates, the send ledger, mailbox pacing, sending and the users table.
export { DEFAULT_EMAIL_TEMPLATE } from './default-template.js';
export { senderMailboxOf, type SendSettings } from './deliver-email.js';
export { DRAIN_LEASE_MS } from './drain-lease.js';
export type { DrainLoopOptions } from './drain-requests.js';
export { drainTenant } from './drain-tenant.js';
export { type NewEmailSend, planEmails, type PlannedReminder, recoverStaleEmails, tenantsWithDueEmails } from './email-ledger.js';
export { createNotificationServices, type NotificationServices } from './notification-services.js';
export { type NewPasswordExpiration, removeUncheckedRecords, upsertExpirationRecords } from './password-expiration-records.js';
export { renderEmail } from './render-email.js';
export { registerNotificationRoutes } from './routes.js';
export { requireActiveSubscription } from './sending-allowed.js';
