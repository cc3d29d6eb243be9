/** `/v1/billing/subscriptions`: create, read, actions, revise and transactions. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { prefersRepresentation } from './http-conventions.js';
import { parseRequest } from './paypal-errors.js';
import { approvalUrl, subscriptionMinimal, subscriptionRepresentation, transactionRepresentation } from './representations.js';
import type { SimulatorContext } from './simulator-context.js';
import type { ApplicationContext } from './simulator-state.js';
import {
  activateSubscription,
  cancelSubscription,
  createSubscription,
  findSubscription,
  reviseSubscription,
  suspendSubscription,
} from './subscription-lifecycle.js';

// PayPal's date_time pattern for query parameters.
const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const applicationContextSchema = z.object({
  brand_name: z.string().min(1).max(127).optional(),
  locale: z.string().min(2).max(10).optional(),
  shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
  user_action: z.enum(['SUBSCRIBE_NOW', 'CONTINUE']).optional(),
  return_url: z.url().min(10).max(4000),
  cancel_url: z.url().min(10).max(4000),
});

const createSchema = z.object({
  plan_id: z.string().min(3).max(50),
  quantity: z.string().regex(/^\d+$/).max(32).optional(),
  custom_id: z.string().min(1).max(127).optional(),
  subscriber: z
    .object({
      name: z.object({ given_name: z.string().max(140).optional(), surname: z.string().max(140).optional() }).optional(),
      email_address: z
        .string()
        .max(254)
        .regex(/^[^@\s]+@[^@\s]+$/)
        .optional(),
    })
    .optional(),
  application_context: applicationContextSchema.optional(),
});

const reasonSchema = z.string().min(1).max(128);
const requiredReasonSchema = z.object({ reason: reasonSchema });
const optionalReasonSchema = z.object({ reason: reasonSchema.optional() }).optional();

const reviseSchema = z.object({
  plan_id: z.string().min(3).max(50),
  application_context: applicationContextSchema.optional(),
});

const transactionsQuerySchema = z.object({
  start_time: z.string().min(20).max(64).regex(DATE_TIME),
  end_time: z.string().min(20).max(64).regex(DATE_TIME),
});

const fieldsQuerySchema = z.object({ fields: z.string().max(100).optional() });

type IdParams = { Params: { id: string } };

/** zod's optional fields are `T | undefined`; the stored records want them absent instead. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function registerSubscriptionRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  app.post('/v1/billing/subscriptions', async (request, reply) => {
    const input = parseRequest(createSchema, request.body, 'body');
    const subscription = createSubscription(ctx, {
      planId: input.plan_id,
      ...(input.custom_id !== undefined ? { customId: input.custom_id } : {}),
      ...(input.subscriber ? { subscriber: withoutUndefined(input.subscriber) } : {}),
      ...(input.application_context ? { applicationContext: withoutUndefined(input.application_context) as ApplicationContext } : {}),
    });
    const body = prefersRepresentation(request)
      ? subscriptionRepresentation(ctx.baseUrl(), ctx.state, subscription)
      : subscriptionMinimal(ctx.baseUrl(), subscription);
    return reply.code(201).send(body);
  });

  app.get<IdParams>('/v1/billing/subscriptions/:id', async (request) => {
    const { fields } = parseRequest(fieldsQuerySchema, request.query, 'query');
    const subscription = findSubscription(ctx, request.params.id);
    const includeLastFailedPayment = (fields ?? '').split(',').includes('last_failed_payment');
    return subscriptionRepresentation(ctx.baseUrl(), ctx.state, subscription, { includeLastFailedPayment });
  });

  app.post<IdParams>('/v1/billing/subscriptions/:id/cancel', async (request, reply) => {
    const subscription = findSubscription(ctx, request.params.id);
    const { reason } = parseRequest(requiredReasonSchema, request.body, 'body');
    cancelSubscription(ctx, subscription, reason);
    return reply.code(204).send();
  });

  app.post<IdParams>('/v1/billing/subscriptions/:id/suspend', async (request, reply) => {
    const subscription = findSubscription(ctx, request.params.id);
    const { reason } = parseRequest(requiredReasonSchema, request.body, 'body');
    suspendSubscription(ctx, subscription, reason);
    return reply.code(204).send();
  });

  app.post<IdParams>('/v1/billing/subscriptions/:id/activate', async (request, reply) => {
    const subscription = findSubscription(ctx, request.params.id);
    const reason = parseRequest(optionalReasonSchema, request.body, 'body')?.reason;
    activateSubscription(ctx, subscription, reason);
    return reply.code(204).send();
  });

  app.post<IdParams>('/v1/billing/subscriptions/:id/revise', async (request) => {
    const subscription = findSubscription(ctx, request.params.id);
    const input = parseRequest(reviseSchema, request.body, 'body');
    const approval = reviseSubscription(ctx, subscription, {
      planId: input.plan_id,
      ...(input.application_context ? { applicationContext: withoutUndefined(input.application_context) as ApplicationContext } : {}),
    });
    const self = `${ctx.baseUrl()}/v1/billing/subscriptions/${subscription.id}`;
    return {
      plan_id: approval.planId,
      quantity: '1',
      shipping_amount: { currency_code: ctx.state.plans.get(approval.planId)?.price.currency_code, value: '0.0' },
      plan_overridden: false,
      links: [
        { href: approvalUrl(ctx.baseUrl(), approval.token), rel: 'approve', method: 'GET' },
        { href: self, rel: 'edit', method: 'PATCH' },
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/cancel`, rel: 'cancel', method: 'POST' },
        { href: `${self}/suspend`, rel: 'suspend', method: 'POST' },
      ],
    };
  });

  app.get<IdParams>('/v1/billing/subscriptions/:id/transactions', async (request) => {
    const subscription = findSubscription(ctx, request.params.id);
    const query = parseRequest(transactionsQuerySchema, request.query, 'query');
    const from = Date.parse(query.start_time);
    const to = Date.parse(query.end_time);
    const transactions = [...ctx.state.transactions.values()]
      .filter((t) => t.subscriptionId === subscription.id && t.time.getTime() >= from && t.time.getTime() <= to)
      .sort((a, b) => a.time.getTime() - b.time.getTime())
      .map((t) => transactionRepresentation(t, subscription));
    return {
      transactions,
      total_items: transactions.length,
      total_pages: transactions.length === 0 ? 0 : 1,
      links: [{ href: `${ctx.baseUrl()}${request.url}`, rel: 'SELF', method: 'GET' }],
    };
  });
}
