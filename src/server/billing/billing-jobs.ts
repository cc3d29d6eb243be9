import type PgBoss from 'pg-boss';
import type { BillingContext } from './billing-context.js';
import { reconcileSubscriptions } from './reconcile-subscriptions.js';

export const RECONCILE_SUBSCRIPTIONS_JOB = 'billing-reconcile-subscriptions';
export const RECONCILE_SUBSCRIPTIONS_CRON = '*/15 * * * *';

/**
 * Every 15 minutes one instance (pg-boss hands each scheduled job to one worker) re-syncs the
 * subscriptions that can change and cancels those whose cancel-at-period-end date has passed.
 */
export async function registerBillingJobs(boss: PgBoss, billing: BillingContext): Promise<void> {
  // singleton: a slow run is never overlapped by the next one.
  await boss.createQueue(RECONCILE_SUBSCRIPTIONS_JOB, { name: RECONCILE_SUBSCRIPTIONS_JOB, policy: 'singleton', retryLimit: 0 });
  await boss.schedule(RECONCILE_SUBSCRIPTIONS_JOB, RECONCILE_SUBSCRIPTIONS_CRON, {}, { tz: 'UTC' });
  await boss.work(RECONCILE_SUBSCRIPTIONS_JOB, async () => {
    await reconcileSubscriptions(billing);
  });
}
