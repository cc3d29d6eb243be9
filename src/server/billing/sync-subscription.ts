import { eq } from 'drizzle-orm';
import { billingMessages } from '../../shared/api/billing.js';
import type { PlanId } from '../../shared/domain/plans.js';
import type { SubscriptionStatus } from '../../shared/domain/subscription-status.js';
import { tenantMessages } from '../../shared/domain/validation-messages.js';
import { billingSubscriptions, tenants } from '../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../http/app-error.js';
import type { BillingContext } from './billing-context.js';
import { withBillingLock, type Transaction } from './billing-lock.js';
import { PayPalApiError, type PayPalSubscription, type PayPalSubscriptionStatus } from '../integrations/paypal/index.js';
import { recordPayments } from './record-payments.js';
import { effectiveStatus } from './subscription-state.js';
import { mapPayPalSubscription, type MappedSubscription } from './subscription-status-mapping.js';
import { DAY_MS } from '../../shared/domain/day-length.js';

export interface SyncOptions {
  /**
   * Set for what PayPal sends on its own (webhooks, reconciliation). Such a sync never lets
   * another subscription replace the organization's live one: custom_id is only a label the
   * creator of a subscription chooses, so anyone can create one at PayPal naming any
   * organization; replacing a live subscription takes a member's own act (the return page or
   * Manual Activation).
   */
  unattended?: boolean;
}

/**
 * PayPal reported a live subscription naming an organization that holds another live one, on a
 * path no member started: it is not adopted and the organization keeps its own.
 */
export class UnadoptedSubscriptionError extends AppError {
  constructor(
    readonly subscriptionId: string,
    readonly keptSubscriptionId: string,
  ) {
    super(409, 'The organization keeps its own live subscription');
  }
}

export interface SyncOutcome {
  subscription: PayPalSubscription;
  mapped: MappedSubscription;
  /** False when the organization keeps another, live subscription and this one was only read. */
  adopted: boolean;
}

// Statuses in which PayPal may have taken payments.
const BILLED_STATUSES: ReadonlySet<PayPalSubscriptionStatus> = new Set(['ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED']);
// A subscription that bills or may bill again.
const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

/**
 * The one way PayPal's view of a subscription reaches our data, used by every path (return page,
 * manual activation, status verification, webhooks, reconciliation): reads the subscription,
 * refuses it unless it is one of our plans and its custom_id is this organization, maps its
 * status, performs a due cancel-at-period-end, records its payments and stores it as the
 * organization's subscription.
 */
export function syncSubscription(ctx: BillingContext, tenantId: string, subscriptionId: string, options: SyncOptions = {}): Promise<SyncOutcome> {
  return withBillingLock(ctx.db, tenantId, (tx) => syncSubscriptionLocked(ctx, tx, tenantId, subscriptionId, options));
}

/** syncSubscription inside a caller's billing lock (cancel and reactivate sync around their PayPal call). */
export async function syncSubscriptionLocked(
  ctx: BillingContext,
  tx: Transaction,
  tenantId: string,
  subscriptionId: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const now = ctx.clock();
  const subscription = await ctx.paypal.getSubscription(subscriptionId);
  if (!subscription) throw notFound(billingMessages.subscriptionNotFound);
  const plan = await ctx.catalog.planOf(subscription.plan_id);
  if (!plan) throw badRequest(billingMessages.subscriptionNotOurPlan);
  // custom_id is set by us at creation; nobody can claim another organization's I-... id.
  if (subscription.custom_id !== tenantId) throw conflict(billingMessages.subscriptionOfAnotherOrganization);

  // KEY SHARE: the organization cannot be deleted under this sync (a deletion waits for it, or this
  // finds it gone), so nothing is written for an organization that no longer exists.
  const [tenant] = await tx.select({ status: tenants.subscriptionStatus }).from(tenants).where(eq(tenants.id, tenantId)).for('key share');
  if (!tenant) throw notFound(tenantMessages.organizationNotFound);
  const [current] = await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.tenantId, tenantId));
  const sameSubscription = current?.paypalSubscriptionId === subscription.id;

  const replacing = current !== undefined && !sameSubscription;
  const replacesLive = replacing && LIVE_STATUSES.has(effectiveStatus({ ...current, status: tenant.status }, now));

  let mapped = mapPayPalSubscription(subscription, plan, sameSubscription ? current : null, now);
  // Refused before anything is cancelled or recorded: the live subscription stays untouched.
  if (options.unattended && replacesLive && LIVE_STATUSES.has(mapped.status))
    throw new UnadoptedSubscriptionError(subscription.id, current.paypalSubscriptionId);
  if (mapped.hardCancelDue) mapped = await cancelForGood(ctx, tenantId, subscription.id, mapped);

  if (BILLED_STATUSES.has(subscription.status)) {
    const createdAt = Date.parse(subscription.create_time ?? subscription.start_time ?? '') || now.getTime() - 400 * DAY_MS;
    const transactions = await ctx.paypal.listTransactions(subscription.id, new Date(createdAt - DAY_MS), new Date(now.getTime() + DAY_MS));
    await recordPayments(tx, { tenantId, paypalSubscriptionId: subscription.id, plan }, transactions);
  }

  // A live subscription always becomes the current one; one that is not (pending, cancelled)
  // only replaces an older one that is not live either, so a late event about an old
  // subscription never hides a newer one.
  const newer = !current?.paypalCreatedAt || Date.parse(subscription.create_time ?? '') > current.paypalCreatedAt.getTime();
  if (replacing && !LIVE_STATUSES.has(mapped.status) && (replacesLive || !newer)) return { subscription, mapped, adopted: false };

  await storeSubscription(tx, tenantId, subscription, plan, mapped, now);
  // A new live subscription replaces a live old one (one a past-due buyer made at PayPal and
  // activated by hand; the app itself refuses a second purchase): stop the old one billing.
  if (replacesLive) await cancelReplaced(ctx, tenantId, current.paypalSubscriptionId);
  return { subscription, mapped, adopted: true };
}

async function storeSubscription(
  tx: Transaction,
  tenantId: string,
  subscription: PayPalSubscription,
  plan: PlanId,
  mapped: MappedSubscription,
  now: Date,
): Promise<void> {
  const accessEnds = mapped.cancelAtPeriodEnd || mapped.status === 'canceled';
  await tx
    .update(tenants)
    .set({
      subscriptionStatus: mapped.status,
      subscriptionPlan: plan,
      subscriptionEndsAt: accessEnds ? mapped.currentPeriodEnd : null,
      trialEndsAt: mapped.trialEnd,
      paypalSubscriptionId: subscription.id,
    })
    .where(eq(tenants.id, tenantId));
  const values = {
    paypalSubscriptionId: subscription.id,
    paypalStatus: mapped.paypalStatus,
    paypalCreatedAt: subscription.create_time ? new Date(subscription.create_time) : null,
    currentPeriodEnd: mapped.currentPeriodEnd,
    cancelAtPeriodEnd: mapped.cancelAtPeriodEnd,
    lastSyncedAt: now,
  };
  await tx
    .insert(billingSubscriptions)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: billingSubscriptions.tenantId, set: values });
}

/** The paid period of a subscription cancelled at period end is over: PayPal cancels it now. */
async function cancelForGood(ctx: BillingContext, tenantId: string, subscriptionId: string, mapped: MappedSubscription): Promise<MappedSubscription> {
  try {
    await ctx.paypal.cancelSubscription(subscriptionId, 'Cancelled at the end of the paid period, as the customer asked');
  } catch (error) {
    // 422: no longer cancellable, i.e. already cancelled or expired.
    if (!(error instanceof PayPalApiError && error.status === 422)) throw error;
  }
  ctx.log.info({ tenantId, subscriptionId }, 'subscription cancelled at the end of its period');
  return { ...mapped, status: 'canceled', paypalStatus: 'CANCELLED', cancelAtPeriodEnd: false, hardCancelDue: false };
}

async function cancelReplaced(ctx: BillingContext, tenantId: string, subscriptionId: string): Promise<void> {
  try {
    await ctx.paypal.cancelSubscription(subscriptionId, 'Replaced by a new subscription');
    ctx.log.info({ tenantId, subscriptionId }, 'replaced subscription cancelled');
  } catch (error) {
    if (error instanceof PayPalApiError && error.status === 422) return;
    ctx.log.warn({ tenantId, subscriptionId, err: error }, 'could not cancel the replaced subscription');
  }
}
