/**
 * `/_control`: what a test or the demo needs to move the outside world along: the clock, renewals,
 * payment failures, expiry, refunds and webhook delivery. Not part of PayPal; no authentication.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, parseRequest } from './paypal-errors.js';
import { subscriptionRepresentation, transactionRepresentation } from './representations.js';
import type { SimulatorContext } from './simulator-context.js';
import { clearSimulatorState, type Subscription, type Transaction } from './simulator-state.js';
import { expireSubscription, failPayment, refundTransaction, renewCycle, runDueBilling } from './subscription-billing.js';
import { approve, findSubscription } from './subscription-lifecycle.js';

const advanceSchema = z
  .object({
    days: z.number().min(0).optional(),
    hours: z.number().min(0).optional(),
    minutes: z.number().min(0).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Charge the renewals that fall due on the way (default true). */
    runBilling: z.boolean().default(true),
  })
  .refine((input) => (input.to === undefined) !== (input.days === undefined && input.hours === undefined && input.minutes === undefined), {
    message: 'Give either "to" or a duration in days/hours/minutes.',
  });

const failPaymentSchema = z.object({ reason_code: z.string().min(1).max(64).optional() }).optional();
const deliverSchema = z.object({ ids: z.array(z.string()).min(1) });
const webhookUrlSchema = z.object({ url: z.url().nullable() });

type IdParams = { Params: { id: string } };

export function registerControlRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  const subscriptionView = (subscription: Subscription) =>
    subscriptionRepresentation(ctx.baseUrl(), ctx.state, subscription, { includeLastFailedPayment: true });
  const transactionView = (transaction: Transaction) =>
    transactionRepresentation(transaction, ctx.state.subscriptions.get(transaction.subscriptionId) as Subscription);
  const knownEvent = (id: string) => {
    if (!ctx.state.events.has(id)) throw new HttpError(404, { error: `No webhook event ${id}` });
    return id;
  };

  app.get('/_control/clock', async () => ({ now: ctx.clock.now().toISOString() }));

  app.post('/_control/clock/advance', async (request) => {
    const input = parseRequest(advanceSchema, request.body, 'body');
    if (input.to !== undefined) {
      const target = new Date(input.to);
      if (target < ctx.clock.now()) throw new HttpError(409, { error: 'The simulated clock only moves forward.' });
      ctx.clock.setTo(target);
    } else {
      ctx.clock.advanceBy(((input.days ?? 0) * 24 * 60 + (input.hours ?? 0) * 60 + (input.minutes ?? 0)) * 60_000);
    }
    const charged = input.runBilling ? runDueBilling(ctx) : [];
    return { now: ctx.clock.now().toISOString(), charged: charged.map(transactionView) };
  });

  app.get('/_control/subscriptions', async () => ({
    subscriptions: [...ctx.state.subscriptions.values()].map((subscription) => ({
      ...subscriptionView(subscription),
      suspended_for_failed_payments: subscription.suspendedForFailedPayments,
    })),
  }));

  app.post<IdParams>('/_control/subscriptions/:id/approve', async (request) => {
    const subscription = findSubscription(ctx, request.params.id);
    const approval = ctx.state.approvals.get(subscription.approvalToken);
    if (!approval) throw new HttpError(404, { error: 'No approval for this subscription' });
    return { redirect_url: approve(ctx, approval) ?? null, subscription: subscriptionView(subscription) };
  });

  app.post<IdParams>('/_control/subscriptions/:id/renew', async (request) => {
    const subscription = findSubscription(ctx, request.params.id);
    const transaction = renewCycle(ctx, subscription);
    return { transaction: transactionView(transaction), subscription: subscriptionView(subscription) };
  });

  app.post<IdParams>('/_control/subscriptions/:id/fail-payment', async (request) => {
    const subscription = findSubscription(ctx, request.params.id);
    const input = parseRequest(failPaymentSchema, request.body, 'body');
    failPayment(ctx, subscription, input?.reason_code);
    return { subscription: subscriptionView(subscription) };
  });

  app.post<IdParams>('/_control/subscriptions/:id/expire', async (request) => {
    const subscription = findSubscription(ctx, request.params.id);
    expireSubscription(ctx, subscription);
    return { subscription: subscriptionView(subscription) };
  });

  app.post<IdParams>('/_control/transactions/:id/refund', async (request) => ({
    transaction: transactionView(refundTransaction(ctx, request.params.id)),
  }));

  app.get('/_control/events', async () => ({
    holding: ctx.webhooks.holding,
    webhook_url: ctx.webhooks.webhookUrl ?? null,
    events: [...ctx.state.events.values()].map((record) => ({
      id: record.event.id,
      event_type: record.event.event_type,
      create_time: record.event.create_time,
      status: record.status,
      deliveries: record.deliveries,
      event: record.event,
    })),
  }));

  app.post<IdParams>('/_control/events/:id/redeliver', async (request) => ({
    delivery: await ctx.webhooks.redeliver(knownEvent(request.params.id)),
  }));

  app.post('/_control/events/deliver', async (request) => {
    const { ids } = parseRequest(deliverSchema, request.body, 'body');
    return { deliveries: await ctx.webhooks.deliverInOrder(ids.map(knownEvent)) };
  });

  app.post('/_control/webhooks/hold', async () => {
    ctx.webhooks.hold();
    return { holding: true };
  });

  app.post('/_control/webhooks/release', async () => {
    ctx.webhooks.release();
    return { holding: false };
  });

  app.post('/_control/webhooks/settle', async () => {
    await ctx.webhooks.settle();
    return { settled: true };
  });

  app.put('/_control/webhook-url', async (request) => {
    const { url } = parseRequest(webhookUrlSchema, request.body, 'body');
    ctx.webhooks.webhookUrl = url ?? undefined;
    return { webhook_url: url };
  });

  app.post('/_control/tokens/revoke', async () => {
    const revoked = ctx.state.accessTokens.size;
    ctx.state.accessTokens.clear();
    return { revoked };
  });

  app.post('/_control/reset', async () => {
    ctx.webhooks.reset();
    clearSimulatorState(ctx.state);
    ctx.clock.reset();
    return { reset: true };
  });
}
