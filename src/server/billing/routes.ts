import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  activateSubscriptionBody,
  billingMessages,
  createSubscriptionBody,
  type BillingHistoryItem,
  type CreateSubscriptionResponse,
  type SubscriptionChangeResponse,
  type SubscriptionStatusResponse,
  type SubscriptionVerificationResponse,
  type UpdatePaymentMethodResponse,
} from '../../shared/api/billing.js';
import { tenantMessages } from '../../shared/domain/validation-messages.js';
import { allow, tenantIdHeader, tenantIdOf, userIdOf } from '../auth/index.js';
import { tenants } from '../db/schema/index.js';
import { AppError, notFound } from '../http/app-error.js';
import { validate } from '../http/validate.js';
import { activateSubscription } from './activate-subscription.js';
import { listBillingHistory } from './billing-history.js';
import type { BillingServices } from './billing-services.js';
import { cancelSubscription, reactivateSubscription } from './cancel-subscription.js';
import { createSubscription } from './create-subscription.js';
import { findInvoice } from './find-invoice.js';
import { INVOICE_CONTENT_SECURITY_POLICY, renderInvoicePage } from './invoice-page.js';
import { paymentMethodUpdate } from './payment-method-url.js';
import { PayPalApiError } from '../integrations/paypal/index.js';
import { readSubscriptionState } from './subscription-state.js';
import { syncSubscription } from './sync-subscription.js';
import { registerWebhookRoute } from './webhook-route.js';

export interface BillingRouteDeps {
  billing: BillingServices;
  supportEmail: string;
}

/** The billing part of docs/product.md §API (organizations and billing) and the PayPal webhook. */
export async function registerBillingRoutes(app: FastifyInstance, deps: BillingRouteDeps): Promise<void> {
  const { billing } = deps;

  const currentState = async (tenantId: string): Promise<SubscriptionStatusResponse> => {
    const state = await readSubscriptionState(billing.db, tenantId, billing.clock());
    if (!state) throw notFound(tenantMessages.organizationNotFound);
    return state;
  };

  app.get('/api/subscription-status', allow('viewer'), async (request): Promise<SubscriptionStatusResponse> => currentState(tenantIdOf(request)));

  app.get('/api/subscription-verification', allow('viewer', { changesData: true }), async (request): Promise<SubscriptionVerificationResponse> => {
    const tenantId = tenantIdOf(request);
    const [tenant] = await billing.db.select({ subscriptionId: tenants.paypalSubscriptionId }).from(tenants).where(eq(tenants.id, tenantId));
    const subscriptionId = tenant?.subscriptionId;
    if (subscriptionId) await viaPayPal(request.log, () => syncSubscription(billing, tenantId, subscriptionId));
    return { ...(await currentState(tenantId)), verifiedAt: billing.clock().toISOString() };
  });

  app.post('/api/paypal/create-subscription', allow('owner'), async (request): Promise<CreateSubscriptionResponse> => {
    const input = validate(createSubscriptionBody, request.body);
    const created = await viaPayPal(request.log, () => createSubscription(billing, tenantIdOf(request), input));
    request.log.info({ tenantId: tenantIdOf(request), subscriptionId: created.subscriptionId, plan: input.planType }, 'PayPal subscription created');
    return created;
  });

  app.post('/api/paypal/activate-subscription', allow('owner'), async (request): Promise<SubscriptionChangeResponse> => {
    const { subscriptionId } = validate(activateSubscriptionBody, request.body);
    const result = await viaPayPal(request.log, () => activateSubscription(billing, tenantIdOf(request), subscriptionId));
    request.log.info({ tenantId: tenantIdOf(request), subscriptionId }, 'subscription activated');
    return result;
  });

  app.post('/api/cancel-subscription', allow('owner'), async (request): Promise<SubscriptionChangeResponse> => {
    const result = await viaPayPal(request.log, () => cancelSubscription(billing, tenantIdOf(request)));
    request.log.info({ tenantId: tenantIdOf(request), periodEnd: result.currentPeriodEnd }, 'subscription set to cancel at period end');
    return result;
  });

  app.post('/api/reactivate-subscription', allow('owner'), async (request): Promise<SubscriptionChangeResponse> => {
    const result = await viaPayPal(request.log, () => reactivateSubscription(billing, tenantIdOf(request)));
    request.log.info({ tenantId: tenantIdOf(request) }, 'subscription reactivated');
    return result;
  });

  app.post(
    '/api/update-payment-method',
    allow('owner'),
    async (request): Promise<UpdatePaymentMethodResponse> => paymentMethodUpdate(billing.db, tenantIdOf(request), billing.paymentMethodPageUrl),
  );

  app.get('/api/billing-history', allow('owner'), async (request): Promise<BillingHistoryItem[]> => listBillingHistory(billing.db, tenantIdOf(request)));

  app.get<{ Params: { id: string } }>('/api/download-invoice/:id', allow('signed-in'), async (request, reply) => {
    const invoice = await findInvoice(billing.db, { paymentId: request.params.id, userId: userIdOf(request), tenantId: tenantIdHeader(request) });
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', INVOICE_CONTENT_SECURITY_POLICY)
      .header('cache-control', 'private, no-store')
      .send(renderInvoicePage(invoice, { supportEmail: deps.supportEmail }));
  });

  await registerWebhookRoute(app, billing);
}

/** PayPal's failures as answers a user can act on; the details go to the log only. */
async function viaPayPal<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PayPalApiError)) throw error;
    log.error({ err: error, paypalStatus: error.status, issue: error.issue, debugId: error.debugId }, 'PayPal call failed');
    if (error.status === 422) throw new AppError(409, billingMessages.paypalRefused);
    throw new AppError(502, billingMessages.paypalUnavailable);
  }
}
