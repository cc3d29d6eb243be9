import { eq, sql } from 'drizzle-orm';
import { PLANS, type PlanId } from '../../shared/domain/plans.js';
import type { Database } from '../db/client.js';
import { paypalCatalog } from '../db/schema/index.js';
import type { PayPalClient } from '../integrations/paypal/index.js';

export interface CatalogIds {
  /** Null when only the plan ids are configured. */
  productId: string | null;
  planIds: Record<PlanId, string>;
}

export interface ConfiguredCatalog {
  productId: string | undefined;
  monthlyPlanId: string | undefined;
  yearlyPlanId: string | undefined;
}

const CATALOG_KEY = 'default';
// Any constant works; it only has to be the same for every instance of this app.
const CATALOG_LOCK_KEY = 7_301_995_002;

/**
 * The PayPal product and the two plans: the configured ids, or ones created once and stored, so
 * that several instances starting together create them only once (they queue on an advisory
 * lock and the later ones find the stored row).
 */
export class PayPalCatalog {
  private ids: Promise<CatalogIds> | null = null;

  constructor(
    private readonly db: Database,
    private readonly paypal: PayPalClient,
    private readonly configured: ConfiguredCatalog,
  ) {}

  /** Resolves the ids, creating the catalog on first use; a failure is retried on the next call. */
  ensure(): Promise<CatalogIds> {
    this.ids ??= this.resolve().catch((error: unknown) => {
      this.ids = null;
      throw error;
    });
    return this.ids;
  }

  /** Which of our plans a PayPal plan id is, or null for anyone else's plan. */
  async planOf(paypalPlanId: string): Promise<PlanId | null> {
    const { planIds } = await this.ensure();
    if (paypalPlanId === planIds.monthly) return 'monthly';
    if (paypalPlanId === planIds.yearly) return 'yearly';
    return null;
  }

  private async resolve(): Promise<CatalogIds> {
    const { productId, monthlyPlanId, yearlyPlanId } = this.configured;
    if (monthlyPlanId && yearlyPlanId) return { productId: productId ?? null, planIds: { monthly: monthlyPlanId, yearly: yearlyPlanId } };
    if (monthlyPlanId || yearlyPlanId) {
      throw new Error('Set both PAYPAL_MONTHLY_PLAN_ID and PAYPAL_YEARLY_PLAN_ID, or neither to have them created');
    }
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_LOCK_KEY})`);
      const [stored] = await tx.select().from(paypalCatalog).where(eq(paypalCatalog.key, CATALOG_KEY));
      if (stored && (await this.paypal.planExists(stored.monthlyPlanId)) && (await this.paypal.planExists(stored.yearlyPlanId))) {
        return { productId: stored.productId, planIds: { monthly: stored.monthlyPlanId, yearly: stored.yearlyPlanId } };
      }
      // None yet, or PayPal no longer knows them (other credentials, a restarted demo simulator).
      const created = await this.create(productId);
      const row = { productId: created.productId, monthlyPlanId: created.planIds.monthly, yearlyPlanId: created.planIds.yearly };
      await tx
        .insert(paypalCatalog)
        .values({ key: CATALOG_KEY, ...row })
        .onConflictDoUpdate({ target: paypalCatalog.key, set: row });
      return created;
    });
  }

  private async create(existingProductId: string | undefined): Promise<CatalogIds & { productId: string }> {
    const productId =
      existingProductId ??
      (await this.paypal.createProduct({ name: 'Passwatch', description: 'Password-expiration reminders for Microsoft 365 organizations' }));
    const planIds = {} as Record<PlanId, string>;
    for (const plan of [PLANS.monthly, PLANS.yearly]) {
      planIds[plan.id] = await this.paypal.createPlan({
        productId,
        name: `Passwatch ${plan.name}`,
        description: `Passwatch ${plan.name.toLowerCase()} subscription, $${plan.priceUsd} per ${plan.interval}`,
        priceUsd: plan.priceUsd,
        intervalUnit: plan.interval === 'month' ? 'MONTH' : 'YEAR',
      });
    }
    return { productId, planIds };
  }
}
