/** Catalog products and billing plans (`/v1/catalogs/products`, `/v1/billing/plans`). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newPlanId, newProductId } from './ids.js';
import { prefersRepresentation } from './http-conventions.js';
import { AMOUNT_PATTERN } from './money.js';
import { pageQuerySchema, paginate } from './pagination.js';
import { invalidRequest, parseRequest, resourceNotFound, unprocessable } from './paypal-errors.js';
import { planRepresentation, planSummary, productRepresentation, productSummary } from './representations.js';
import type { SimulatorContext } from './simulator-context.js';
import type { Plan, PlanStatus, Product } from './simulator-state.js';

const DEFAULT_PAYMENT_FAILURE_THRESHOLD = 3;

const productSchema = z.object({
  id: z.string().min(6).max(50).optional(),
  name: z.string().min(1).max(127),
  description: z.string().min(1).max(256).optional(),
  type: z.enum(['PHYSICAL', 'DIGITAL', 'SERVICE']),
  category: z
    .string()
    .regex(/^[A-Z_]+$/)
    .min(4)
    .max(256)
    .optional(),
  image_url: z.url().max(2000).optional(),
  home_url: z.url().max(2000).optional(),
});

const moneySchema = z.object({
  currency_code: z.string().length(3),
  value: z.string().max(32).regex(AMOUNT_PATTERN),
});

const billingCycleSchema = z.object({
  frequency: z.object({
    interval_unit: z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR']),
    interval_count: z.number().int().min(1).max(365).default(1),
  }),
  tenure_type: z.enum(['REGULAR', 'TRIAL']),
  sequence: z.number().int().min(1).max(99),
  total_cycles: z.number().int().min(0).max(999).default(1),
  pricing_scheme: z.object({ fixed_price: moneySchema }),
});

const planSchema = z.object({
  product_id: z.string().min(6).max(50),
  name: z.string().min(1).max(127),
  status: z.enum(['CREATED', 'INACTIVE', 'ACTIVE']).default('ACTIVE'),
  description: z.string().min(1).max(127).optional(),
  billing_cycles: z.array(billingCycleSchema).min(1).max(12),
  payment_preferences: z.object({
    auto_bill_outstanding: z.boolean().default(true),
    setup_fee_failure_action: z.enum(['CONTINUE', 'CANCEL']).default('CANCEL'),
    payment_failure_threshold: z.number().int().min(0).max(999).default(DEFAULT_PAYMENT_FAILURE_THRESHOLD),
  }),
  quantity_supported: z.boolean().default(false),
});

const planListQuerySchema = pageQuerySchema.extend({
  product_id: z.string().min(6).max(50).optional(),
  plan_ids: z.string().min(3).max(1890).optional(),
});

function listLinks(baseUrl: string, path: string, page: number, pageSize: number, hasNext: boolean) {
  const href = (p: number) => `${baseUrl}${path}?page_size=${pageSize}&page=${p}`;
  return [{ href: href(page), rel: 'self', method: 'GET' }, ...(hasNext ? [{ href: href(page + 1), rel: 'next', method: 'GET' }] : [])];
}

export function registerCatalogRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  const findProduct = (id: string): Product => {
    const product = ctx.state.products.get(id);
    if (!product) throw resourceNotFound();
    return product;
  };
  const findPlan = (id: string): Plan => {
    const plan = ctx.state.plans.get(id);
    if (!plan) throw resourceNotFound();
    return plan;
  };

  app.post('/v1/catalogs/products', async (request, reply) => {
    const input = parseRequest(productSchema, request.body, 'body');
    if (input.id !== undefined && ctx.state.products.has(input.id)) {
      throw unprocessable('DUPLICATE_RESOURCE_IDENTIFIER', 'The value of the field should be unique.', '/id');
    }
    const now = ctx.clock.now();
    const { id, ...details } = input;
    const product: Product = { ...details, id: id ?? newProductId(), createTime: now, updateTime: now };
    ctx.state.products.set(product.id, product);
    const body = prefersRepresentation(request) ? productRepresentation(ctx.baseUrl(), product) : productSummary(ctx.baseUrl(), product);
    return reply.code(201).send(body);
  });

  app.get('/v1/catalogs/products', async (request) => {
    const query = parseRequest(pageQuerySchema, request.query, 'query');
    const page = paginate([...ctx.state.products.values()], query);
    return {
      products: page.items.map((product) => productSummary(ctx.baseUrl(), product)),
      ...page.totals,
      links: listLinks(ctx.baseUrl(), '/v1/catalogs/products', query.page, query.page_size, page.hasNext),
    };
  });

  app.get<{ Params: { id: string } }>('/v1/catalogs/products/:id', async (request) => productRepresentation(ctx.baseUrl(), findProduct(request.params.id)));

  app.post('/v1/billing/plans', async (request, reply) => {
    const input = parseRequest(planSchema, request.body, 'body');
    findProduct(input.product_id);
    const regular = input.billing_cycles.filter((cycle) => cycle.tenure_type === 'REGULAR');
    const [cycle] = regular;
    // Trial cycles are not simulated: rejecting them beats billing a plan differently from PayPal.
    if (!cycle || regular.length !== input.billing_cycles.length || regular.length > 1) {
      throw invalidRequest([
        {
          field: '/billing_cycles',
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'The PayPal simulator supports plans with exactly one REGULAR billing cycle and no TRIAL cycles.',
          location: 'body',
        },
      ]);
    }
    const now = ctx.clock.now();
    const plan: Plan = {
      id: newPlanId(),
      productId: input.product_id,
      name: input.name,
      ...(input.description !== undefined ? { description: input.description } : {}),
      status: input.status,
      frequency: cycle.frequency,
      sequence: cycle.sequence,
      totalCycles: cycle.total_cycles,
      price: cycle.pricing_scheme.fixed_price,
      autoBillOutstanding: input.payment_preferences.auto_bill_outstanding,
      setupFeeFailureAction: input.payment_preferences.setup_fee_failure_action,
      paymentFailureThreshold: input.payment_preferences.payment_failure_threshold,
      quantitySupported: input.quantity_supported,
      createTime: now,
      updateTime: now,
    };
    ctx.state.plans.set(plan.id, plan);
    const body = prefersRepresentation(request) ? planRepresentation(ctx.baseUrl(), plan) : planSummary(ctx.baseUrl(), plan);
    return reply.code(201).send(body);
  });

  app.get('/v1/billing/plans', async (request) => {
    const query = parseRequest(planListQuerySchema, request.query, 'query');
    const wanted = query.plan_ids ? new Set(query.plan_ids.split(',')) : undefined;
    const plans = [...ctx.state.plans.values()].filter(
      (plan) => (!query.product_id || plan.productId === query.product_id) && (!wanted || wanted.has(plan.id)),
    );
    const page = paginate(plans, query);
    return {
      plans: page.items.map((plan) => planSummary(ctx.baseUrl(), plan)),
      ...page.totals,
      links: listLinks(ctx.baseUrl(), '/v1/billing/plans', query.page, query.page_size, page.hasNext),
    };
  });

  app.get<{ Params: { id: string } }>('/v1/billing/plans/:id', async (request) => planRepresentation(ctx.baseUrl(), findPlan(request.params.id)));

  const changePlanStatus = (from: readonly PlanStatus[], to: PlanStatus, action: string) =>
    app.post<{ Params: { id: string } }>(`/v1/billing/plans/:id/${action}`, async (request, reply) => {
      const plan = findPlan(request.params.id);
      if (!from.includes(plan.status)) {
        throw unprocessable('PLAN_STATUS_INVALID', `Invalid plan status for ${action} action; plan status should be ${from.join(' or ').toLowerCase()}.`);
      }
      plan.status = to;
      plan.updateTime = ctx.clock.now();
      return reply.code(204).send();
    });
  changePlanStatus(['CREATED', 'INACTIVE'], 'ACTIVE', 'activate');
  changePlanStatus(['ACTIVE'], 'INACTIVE', 'deactivate');
}
