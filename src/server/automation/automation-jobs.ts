import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { JOB_SCHEMA, type LocalWorkers } from '../jobs/job-runner.js';
import { startSlotWorker } from '../jobs/slot-worker.js';
import { recordCheckStartDelay } from '../metrics/registry.js';
import { hasActiveSubscription } from '../billing/index.js';
import { findConfiguration } from '../configuration/index.js';
import { DRAIN_LEASE_MS, type DrainLoopOptions, type NotificationServices, recoverStaleEmails, tenantsWithDueEmails } from '../notifications/index.js';
import { claimDueChecks, type DueCheck } from './due-checks.js';
import { runScheduledCheckOf } from './run-check.js';

const AUTOMATION_TICK_QUEUE = 'automation-tick';
export const AUTOMATION_CHECK_QUEUE = 'automation-check';
/**
 * The pg-boss queue earlier versions sent mail through (one `stately` job per organization, whose
 * job of a dead instance blocked the organization's mail until it expired). Sending reads the
 * ledger itself now, so the queue and any job left in it are deleted at start.
 */
export const RETIRED_DRAIN_QUEUE = 'notification-drain';
/** pg-boss cron has minute granularity: every minute, one instance looks for due work. */
const AUTOMATION_TICK_CRON = '* * * * *';

export interface AutomationJobOptions extends DrainLoopOptions {
  /** How often idle workers look for jobs. */
  pollingIntervalSeconds: number;
  /** Scheduled checks this instance runs at once (CHECK_CONCURRENCY). */
  checkConcurrency: number;
}

export const DEFAULT_AUTOMATION_JOB_OPTIONS: AutomationJobOptions = {
  drainSliceMs: 5 * 60_000,
  maxDrainWaitMs: 30_000,
  drainWorkers: 4,
  sweepIntervalMs: 5_000,
  leaseMs: DRAIN_LEASE_MS,
  pollingIntervalSeconds: 2,
  checkConcurrency: 1,
};

/** pg-boss job id of an organization's scheduled check for a day: the same check is never queued twice. */
export function checkJobId(check: DueCheck): string {
  const hex = createHash('sha1').update(`check:${check.tenantId}:${check.localDay}`).digest('hex');
  // Shaped as a version-5 UUID (name-based, SHA-1), which is what it is.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The minute tick: mail whose worker died mid-send is reported, due checks are queued (one per
 * organization and day), and drains are requested for organizations with mail due (a queued mail
 * is never left behind, whatever happened to the drain that was sending it).
 */
async function runSchedulerTick(
  services: NotificationServices,
  enqueueCheck: (check: DueCheck) => Promise<void>,
): Promise<{ checks: DueCheck[]; recovered: number; drained: string[] }> {
  const now = services.clock();
  const recovered = await recoverStaleEmails(services.db, now);
  const checks = await claimDueChecks(services.db, now, enqueueCheck);
  const drained = await tenantsWithDueEmails(services.db, now);
  for (const tenantId of drained) await services.drains.request(tenantId);
  return { checks, recovered, drained };
}

/**
 * A queued scheduled check, run unless automation was switched off or the subscription lapsed
 * since it was queued.
 */
export async function runScheduledCheck(services: NotificationServices, check: DueCheck): Promise<void> {
  const configuration = await findConfiguration(services.db, check.tenantId);
  if (!configuration?.automationEnabled || !(await hasActiveSubscription(services.db, check.tenantId, services.clock()))) {
    services.log.info({ tenantId: check.tenantId }, 'scheduled check skipped: automation off or no active subscription');
    return;
  }
  if (check.dueAt !== undefined) recordCheckStartDelay((services.clock().getTime() - Date.parse(check.dueAt)) / 1000);
  const result = await runScheduledCheckOf(services, check.tenantId, check.localDay);
  const outcome = result ? result.summary : { skipped: 'completed already, or running in another process' };
  services.log.info({ tenantId: check.tenantId, localDay: check.localDay, ...outcome }, 'scheduled check');
}

async function retireDrainQueue(boss: PgBoss): Promise<void> {
  // Its jobs first, in whatever state: pg-boss refuses to delete a queue that still has jobs.
  await boss.getDb().executeSql(`delete from ${JOB_SCHEMA}.job where name = $1`, [RETIRED_DRAIN_QUEUE]);
  await boss.deleteQueue(RETIRED_DRAIN_QUEUE);
}

/**
 * Queues, the minute schedule and the workers of automation; starts sending (the drain loop, under
 * per-organization leases rather than a job queue, so a dead instance's mail is taken over within
 * seconds). Graceful shutdown stops sending with `services.drains.stop()`.
 *
 * Scheduled checks run `checkConcurrency` at a time in this instance, each in a slot of its own
 * (startSlotWorker), taken in the order they fell due: a huge directory holds one slot for as long
 * as it is read while the other slots go on with the organizations queued behind it. Each check
 * reads through its own Graph client, so one organization being throttled waits in its own slot.
 * The returned workers are stopped with the job runner.
 */
export async function registerAutomationJobs(
  boss: PgBoss,
  services: NotificationServices,
  overrides: Partial<AutomationJobOptions> = {},
): Promise<LocalWorkers> {
  const options = { ...DEFAULT_AUTOMATION_JOB_OPTIONS, ...overrides };
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds };

  await retireDrainQueue(boss).catch((error: unknown) =>
    services.log.warn({ err: error }, 'retired drain queue not deleted (another instance starting?); retried at the next start'),
  );
  await boss.createQueue(AUTOMATION_TICK_QUEUE, { name: AUTOMATION_TICK_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.createQueue(AUTOMATION_CHECK_QUEUE, { name: AUTOMATION_CHECK_QUEUE, retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 3_600 });
  const checks = startSlotWorker<DueCheck>(
    boss,
    AUTOMATION_CHECK_QUEUE,
    {
      slots: options.checkConcurrency,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      onError: (error) => services.log.error({ err: error }, 'scheduled check worker'),
    },
    (job) => runScheduledCheck(services, job.data),
  );
  const enqueueCheck = async (check: DueCheck) => {
    await boss.send(AUTOMATION_CHECK_QUEUE, check, { id: checkJobId(check), singletonKey: `check:${check.tenantId}:${check.localDay}` });
    // Queued by this instance's tick: its free slots start it now rather than at their next poll.
    checks.wake();
  };
  try {
    await boss.work(AUTOMATION_TICK_QUEUE, polling, async () => {
      await runSchedulerTick(services, enqueueCheck);
    });
    services.drains.start(services, services.log, options);
    await boss.schedule(AUTOMATION_TICK_QUEUE, AUTOMATION_TICK_CRON, {}, { tz: 'UTC' });
  } catch (error) {
    await checks.stop(0);
    throw error;
  }
  return checks;
}
