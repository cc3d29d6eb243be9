// The parts of PayPal's JSON this app reads (docs/domain.md §PayPal subscriptions). Unknown fields pass through
// unread; a missing required field is a broken reply and fails loudly.
import { z } from 'zod';

const money = z.object({ currency_code: z.string(), value: z.string() });

export const paypalTokenReply = z.object({ access_token: z.string(), expires_in: z.number() });

const paypalLink = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const paypalProductReply = z.object({ id: z.string() });
export const paypalPlanReply = z.object({ id: z.string() });

const paypalSubscriptionStatus = z.enum(['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED']);
export type PayPalSubscriptionStatus = z.infer<typeof paypalSubscriptionStatus>;

export const paypalCreatedSubscriptionReply = z.object({
  id: z.string(),
  status: paypalSubscriptionStatus,
  links: z.array(paypalLink).default([]),
});

export const paypalSubscription = z.object({
  id: z.string(),
  status: paypalSubscriptionStatus,
  status_change_note: z.string().optional(),
  plan_id: z.string(),
  custom_id: z.string().optional(),
  start_time: z.string().optional(),
  create_time: z.string().optional(),
  billing_info: z
    .object({
      outstanding_balance: money.optional(),
      cycle_executions: z
        .array(
          z.object({
            tenure_type: z.string(),
            cycles_completed: z.number().optional(),
            cycles_remaining: z.number().optional(),
            total_cycles: z.number().optional(),
          }),
        )
        .optional(),
      last_payment: z.object({ amount: money.optional(), time: z.string() }).optional(),
      next_billing_time: z.string().optional(),
      failed_payments_count: z.number().optional(),
    })
    .optional(),
});
export type PayPalSubscription = z.infer<typeof paypalSubscription>;

// PayPal's schema requires only id, amount_with_breakdown and time; status may be absent.
const paypalTransaction = z.object({
  id: z.string(),
  status: z.string().optional(),
  amount_with_breakdown: z.object({ gross_amount: money }),
  time: z.string(),
});
export type PayPalTransaction = z.infer<typeof paypalTransaction>;

export const paypalTransactionsReply = z.object({ transactions: z.array(paypalTransaction).default([]) });

/** PayPal's error body: `{name, message, debug_id, details:[{issue, description}]}`. */
export const paypalErrorReply = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The webhook envelope; `resource` differs by event type. */
export const paypalWebhookEvent = z.object({
  id: z.string().min(1),
  event_type: z.string(),
  resource_type: z.string().optional(),
  create_time: z.string().optional(),
  resource: z.record(z.string(), z.unknown()).default({}),
});
export type PayPalWebhookEvent = z.infer<typeof paypalWebhookEvent>;
