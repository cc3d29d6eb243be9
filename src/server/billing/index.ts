// Billing module: PayPal subscriptions, webhooks, reconciliation and invoices.
export { registerBillingJobs } from './billing-jobs.js';
export { type BillingServices, createBillingServices } from './billing-services.js';
export { hasActiveSubscription } from './has-active-subscription.js';
export { registerBillingRoutes } from './routes.js';
export { effectiveStatus } from './subscription-state.js';
