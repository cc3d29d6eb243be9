import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import type { BillingContext } from './billing-context.js';
import { PayPalCatalog } from './paypal-catalog.js';
import { PayPalClient, WebhookSignatureVerifier } from '../integrations/paypal/index.js';
import { automaticPaymentsPageUrl } from './payment-method-url.js';

export interface BillingServices extends BillingContext {
  webhookVerifier: WebhookSignatureVerifier;
  /** PayPal's automatic-payments page (update payment method). */
  paymentMethodPageUrl: string;
}

/** Wires the PayPal client, catalog and webhook verifier from the configuration. */
export function createBillingServices(input: { config: AppConfig; db: Database; clock: Clock; log: FastifyBaseLogger }): BillingServices {
  const { config, db, clock, log } = input;
  const settings = config.paypal;
  const paypal = new PayPalClient({ apiUrl: settings.apiUrl, clientId: settings.clientId ?? '', clientSecret: settings.clientSecret ?? '' });
  return {
    db,
    paypal,
    catalog: new PayPalCatalog(db, paypal, { productId: settings.productId, monthlyPlanId: settings.monthlyPlanId, yearlyPlanId: settings.yearlyPlanId }),
    clock,
    log: log.child({ module: 'billing' }),
    appUrl: config.appUrl,
    webhookVerifier: new WebhookSignatureVerifier({
      webhookId: settings.webhookId,
      allowedCertHosts: settings.certHosts,
      trustedCaPems: settings.trustedCaPems,
      clock,
    }),
    paymentMethodPageUrl: automaticPaymentsPageUrl(settings.apiUrl, settings.webUrl),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Billing wired from the configuration; main.ts hands it to the job runner. */
    billing: BillingServices;
  }
}
