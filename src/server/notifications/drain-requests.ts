import type PgBoss from 'pg-boss';

/** pg-boss queue of "send this organization's due mail" jobs; one per organization at a time. */
export const NOTIFICATION_DRAIN_QUEUE = 'notification-drain';

export interface DrainJob {
  tenantId: string;
}

/**
 * Asks the job engine to drain an organization's queued mail. The engine is attached when the job
 * runner starts (main.ts); the queue is `stately` with the organization as key, so requests made
 * while a drain waits are merged into it, and at most one drain per organization runs at a time.
 */
export class DrainRequests {
  private boss: PgBoss | null = null;

  constructor(private readonly onDetached: (tenantId: string) => void) {}

  attach(boss: PgBoss): void {
    this.boss = boss;
  }

  async request(tenantId: string): Promise<void> {
    if (!this.boss) {
      // No job runner in this process: queued mail waits for one (it is not lost).
      this.onDetached(tenantId);
      return;
    }
    await this.boss.send(NOTIFICATION_DRAIN_QUEUE, { tenantId } satisfies DrainJob, { singletonKey: tenantId });
  }
}
