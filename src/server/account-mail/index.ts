// Account mail module: the product's own mail by SMTP (security alerts, email notifications,
// weekly reports, system updates, the helpdesk digest), queued in an outbox with the event that
// causes it and sent with retries. Other modules call the event functions inside their own
// transaction.
export { registerAccountMailJobs } from './account-mail-jobs.js';
export type { AccountMailSettings } from './account-mail-sender.js';
export { type AccountMailServices, createAccountMailServices, runAccountMailTick } from './account-mail-services.js';
export { alertConfigurationChanged, flushConfigurationAlerts } from './configuration-alert.js';
export { alertConnectionOutcome, alertConnectorSilent, notifyCheckFailed, notifyMailCarriedOver } from './event-mail.js';
export { type InvitationMail, renderInvitationMail } from './invitation-mail.js';
export { registerAccountMailRoutes } from './routes.js';
export type { SettingChange } from './payloads.js';
export { smtpFailure } from './smtp-channel.js';
