// The whole database schema, one file per module; drizzle-kit reads this folder.
export * from './identity.js';
export * from './tenants.js';
export * from './teams.js';
export * from './audit.js';
export * from './billing.js';
export * from './account.js';
export * from './account-mail.js';
export * from './configuration.js';
export * from './entra-consent.js';
export * from './notifications.js';
export * from './reminder-policy.js';
export * from './reminder-recipients.js';
export * from './rate-limits.js';
export * from './on-premises.js';
export * from './template-languages.js';
export * from './configuration-alerts.js';
export * from './synced-directory-digests.js';
