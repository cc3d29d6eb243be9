import { eq } from 'drizzle-orm';
import { billingMessages, type UpdatePaymentMethodResponse } from '../../shared/api/billing.js';
import type { Database } from '../db/client.js';
import { tenants } from '../db/schema/index.js';
import { badRequest } from '../http/app-error.js';

// PayPal's REST hosts and the site where buyers manage their accounts.
const BUYER_SITES: Readonly<Record<string, string>> = {
  'api-m.paypal.com': 'https://www.paypal.com',
  'api.paypal.com': 'https://www.paypal.com',
  'api-m.sandbox.paypal.com': 'https://www.sandbox.paypal.com',
  'api.sandbox.paypal.com': 'https://www.sandbox.paypal.com',
};

/**
 * PayPal's automatic-payments page, where a subscriber changes the funding source of their
 * subscriptions (no API does that). `webUrl` overrides the site; otherwise it follows the REST
 * base (live or sandbox), and any other base (the simulator) serves the page itself.
 */
export function automaticPaymentsPageUrl(apiUrl: string, webUrl: string | undefined): string {
  const site = webUrl ?? BUYER_SITES[new URL(apiUrl).host] ?? apiUrl;
  return `${site.replace(/\/+$/, '')}/myaccount/autopay/`;
}

/** POST /api/update-payment-method: only an organization with a PayPal subscription has a payment method. */
export async function paymentMethodUpdate(db: Database, tenantId: string, pageUrl: string): Promise<UpdatePaymentMethodResponse> {
  const [tenant] = await db.select({ subscriptionId: tenants.paypalSubscriptionId }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant?.subscriptionId) throw badRequest(billingMessages.noPaymentMethod);
  return { clientSecret: pageUrl, url: pageUrl };
}
