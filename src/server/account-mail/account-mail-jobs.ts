import type PgBoss from 'pg-boss';
import { runAccountMailTick, type AccountMailServices } from './account-mail-services.js';

const ACCOUNT_MAIL_TICK_QUEUE = 'account-mail-tick';

/**
 * Every minute one instance queues the calendar's mail (pg-boss hands the tick to one of them);
 * every instance sends the outbox (rows are claimed under a lease, so none is sent twice).
 * Graceful shutdown stops sending with `services.sender.stop()`.
 */
export async function registerAccountMailJobs(boss: PgBoss, services: AccountMailServices): Promise<void> {
  await boss.createQueue(ACCOUNT_MAIL_TICK_QUEUE, { name: ACCOUNT_MAIL_TICK_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.work(ACCOUNT_MAIL_TICK_QUEUE, async () => {
    await runAccountMailTick(services);
  });
  await boss.schedule(ACCOUNT_MAIL_TICK_QUEUE, '* * * * *', {}, { tz: 'UTC' });
  services.sender.start();
}
