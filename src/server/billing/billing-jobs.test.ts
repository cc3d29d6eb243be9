import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs, type JobRunner } from '../jobs/job-runner.js';
import { RECONCILE_SUBSCRIPTIONS_CRON, RECONCILE_SUBSCRIPTIONS_JOB, registerBillingJobs } from './billing-jobs.js';
import { BillingHarness } from './test-support/billing-test-harness.js';

let harness: BillingHarness;
let runner: JobRunner;

beforeAll(async () => {
  harness = await BillingHarness.start();
  runner = await startJobs(harness.database.pool, [(boss) => registerBillingJobs(boss, harness.app.billing)], { onError: () => {} });
});
afterAll(async () => {
  await runner?.stop();
  await harness?.close();
});

describe('billing jobs', () => {
  it('schedules the reconciliation every 15 minutes', async () => {
    const schedules = await runner.boss.getSchedules();
    expect(schedules).toEqual([expect.objectContaining({ name: RECONCILE_SUBSCRIPTIONS_JOB, cron: RECONCILE_SUBSCRIPTIONS_CRON })]);
    expect(RECONCILE_SUBSCRIPTIONS_CRON).toBe('*/15 * * * *');
  });

  it('reconciles when the job runs: a subscription whose cancel date passed is cancelled at PayPal', async () => {
    const customer = await harness.customer();
    const subscriptionId = await harness.purchase(customer);
    expect((await harness.as(customer, 'POST', '/api/cancel-subscription')).statusCode).toBe(200);
    await harness.settleWebhooks();
    const { currentPeriodEnd } = await harness.status(customer);
    await harness.control('POST', '/_control/clock/advance', { to: new Date(Date.parse(currentPeriodEnd) + 60_000).toISOString() });

    const jobId = await runner.boss.send(RECONCILE_SUBSCRIPTIONS_JOB, {});
    const deadline = Date.now() + 15_000;
    let state: string | undefined;
    while (Date.now() < deadline) {
      state = (await runner.boss.getJobById(RECONCILE_SUBSCRIPTIONS_JOB, jobId!))?.state;
      if (state === 'completed' || state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(state).toBe('completed');
    expect(harness.simulator.state.subscriptions.get(subscriptionId)?.status).toBe('CANCELLED');
    await harness.settleWebhooks();
    expect((await harness.status(customer)).status).toBe('canceled');
  });
});
