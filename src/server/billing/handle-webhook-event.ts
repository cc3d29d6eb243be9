import { and, eq, sql } from 'drizzle-orm';
import { isGuid } from '../../shared/api/guid.js';
import type { Database } from '../db/client.js';
import { auditLogs, billingPayments, billingSubscriptions, paypalWebhookEvents } from '../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { AppError } from '../http/app-error.js';
import type { BillingContext } from './billing-context.js';
import type { PayPalWebhookEvent } from '../integrations/paypal/index.js';
import { syncSubscription, UnadoptedSubscriptionError } from './sync-subscription.js';

export type WebhookOutcome = 'synced' | 'duplicate' | 'ignored';

interface SubscriptionTarget {
  tenantId: string;
  subscriptionId: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * A verified webhook event: handled once per event id (PayPal delivers some twice), then the
 * subscription it is about is re-read from PayPal, which makes the order of arrival irrelevant.
 * When PayPal cannot be read the event is released again and the error answers 500, so PayPal
 * delivers it once more.
 */
export async function handleWebhookEvent(ctx: BillingContext, event: PayPalWebhookEvent): Promise<WebhookOutcome> {
  const claimed = await ctx.db
    .insert(paypalWebhookEvents)
    .values({ eventId: event.id, eventType: event.event_type, receivedAt: ctx.clock() })
    .onConflictDoNothing()
    .returning({ eventId: paypalWebhookEvents.eventId });
  if (claimed.length === 0) return 'duplicate';

  const target = await subscriptionTarget(ctx.db, event);
  if (!target) return 'ignored';
  try {
    await syncSubscription(ctx, target.tenantId, target.subscriptionId, { unattended: true });
    return 'synced';
  } catch (error) {
    if (error instanceof UnadoptedSubscriptionError) {
      await flagUnadopted(ctx, target.tenantId, error);
      return 'ignored';
    }
    if (error instanceof AppError && error.statusCode < 500) {
      // Not ours to store (another plan, a deleted organization): nothing PayPal could fix by retrying.
      ctx.log.info({ eventId: event.id, eventType: event.event_type, ...target, reason: error.message }, 'webhook event ignored');
      return 'ignored';
    }
    await ctx.db.delete(paypalWebhookEvents).where(eq(paypalWebhookEvents.eventId, event.id));
    throw error;
  }
}

/**
 * A live subscription naming an organization that holds another live one (made at PayPal
 * directly, by anyone, or an old one of theirs restarted there) is left alone: the operator's
 * log and the organization's audit log say so, and a member who did make it can link it through
 * Manual Activation, which replaces (and cancels) the old one.
 */
async function flagUnadopted(ctx: BillingContext, tenantId: string, error: UnadoptedSubscriptionError): Promise<void> {
  const { subscriptionId, keptSubscriptionId } = error;
  ctx.log.warn({ tenantId, subscriptionId, keptSubscriptionId }, 'PayPal subscription naming an organization with a live subscription ignored');
  // Each of its events (created, activated, every payment) ends here: the audit log says it once.
  const [flagged] = await ctx.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.tenantId, tenantId), eq(auditLogs.category, 'billing'), sql`${auditLogs.details}->>'unadoptedSubscriptionId' = ${subscriptionId}`))
    .limit(1);
  if (flagged) return;
  await recordAudit(ctx.db, tenantId, {
    category: 'billing',
    status: 'warning',
    message:
      `PayPal reported subscription ${subscriptionId} for this organization, which already has subscription ` +
      `${keptSubscriptionId}. It was ignored and ${keptSubscriptionId} was kept; if you made ${subscriptionId}, link it under Manual Activation.`,
    details: { unadoptedSubscriptionId: subscriptionId, keptSubscriptionId },
    createdAt: ctx.clock(),
  });
}

/** Which subscription of which organization an event is about, or null if none of ours. */
async function subscriptionTarget(db: Database, event: PayPalWebhookEvent): Promise<SubscriptionTarget | null> {
  const resource = event.resource;
  if (event.event_type.startsWith('BILLING.SUBSCRIPTION.')) {
    return resolveTenant(db, text(resource.id), text(resource.custom_id));
  }
  if (event.event_type.startsWith('PAYMENT.SALE.')) {
    const subscriptionId = text(resource.billing_agreement_id);
    if (subscriptionId) return resolveTenant(db, subscriptionId, text(resource.custom));
    // A refund names the sale it returns, not the subscription.
    const saleId = text(resource.sale_id);
    if (!saleId) return null;
    const [payment] = await db
      .select({ tenantId: billingPayments.tenantId, subscriptionId: billingPayments.paypalSubscriptionId })
      .from(billingPayments)
      .where(eq(billingPayments.paypalTransactionId, saleId));
    return payment ?? null;
  }
  return null;
}

/** Our records say whose subscription it is; for one we never stored, the custom_id PayPal echoes (checked again by the sync). */
async function resolveTenant(db: Database, subscriptionId: string | undefined, customId: string | undefined): Promise<SubscriptionTarget | null> {
  if (!subscriptionId) return null;
  const [current] = await db
    .select({ tenantId: billingSubscriptions.tenantId })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.paypalSubscriptionId, subscriptionId));
  if (current) return { tenantId: current.tenantId, subscriptionId };
  const [paid] = await db
    .select({ tenantId: billingPayments.tenantId })
    .from(billingPayments)
    .where(eq(billingPayments.paypalSubscriptionId, subscriptionId))
    .limit(1);
  if (paid) return { tenantId: paid.tenantId, subscriptionId };
  return customId && isGuid(customId) ? { tenantId: customId, subscriptionId } : null;
}
