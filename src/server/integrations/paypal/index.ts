// PayPal REST client, its wire schemas and webhook signature verification.
export { PayPalApiError, PayPalClient } from './paypal-client.js';
export { type PayPalSubscription, type PayPalSubscriptionStatus, type PayPalTransaction, type PayPalWebhookEvent, paypalWebhookEvent } from './paypal-wire.js';
export { WebhookSignatureVerifier } from './webhook-signature.js';
export { parsePemCertificates } from './certificate-chain.js';
