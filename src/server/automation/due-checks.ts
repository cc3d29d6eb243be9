import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { LocalDate } from '../../shared/domain/local-date.js';
import { hasActiveSubscription } from '../billing/index.js';
import type { Database } from '../db/client.js';
import { automationSchedules, configurations } from '../db/schema/index.js';
import { decideTick } from './schedule-decision.js';

export interface DueCheck {
  tenantId: string;
  /** The organization's day the check is for: one scheduled check per organization and day. */
  localDay: LocalDate;
  /** ISO time the check fell due, for the metrics' start delay (absent in jobs queued by earlier versions). */
  dueAt?: string;
}

/** Organizations looked at per transaction of a tick. */
const TICK_BATCH = 500;
/** Transactions per tick: 50,000 organizations; any more wait for the next minute. */
const MAX_TICK_BATCHES = 100;

/**
 * Finds the organizations whose check time has come (automation on, a configuration, an active
 * subscription), advances their schedules and hands each due check to `enqueue` before the
 * schedules commit. Rows are locked with SKIP LOCKED, so two instances ticking at once split the
 * organizations between them and never claim the same check; should the commit fail after
 * `enqueue`, the next tick enqueues the same check again, which the job's deterministic id dedupes.
 */
export async function claimDueChecks(db: Database, now: Date, enqueue: (check: DueCheck) => Promise<void>): Promise<DueCheck[]> {
  await db.execute(sql`
    insert into ${automationSchedules} (tenant_id)
    select tenant_id from ${configurations} where automation_enabled
    on conflict do nothing`);
  // Switched off: forget the next run, so switching on again schedules from then, without a catch-up run.
  await db
    .update(automationSchedules)
    .set({ nextRunAt: null })
    .where(
      and(
        isNotNull(automationSchedules.nextRunAt),
        sql`${automationSchedules.tenantId} in (select tenant_id from ${configurations} where not automation_enabled)`,
      ),
    );

  // Batch after batch, so organizations due in the same minute are all queued by its tick (the
  // earliest due first), each batch committed on its own.
  const due: DueCheck[] = [];
  for (let batch = 0; batch < MAX_TICK_BATCHES; batch += 1) {
    const claimed = await claimBatch(db, now, enqueue);
    due.push(...claimed.due);
    if (claimed.looked < TICK_BATCH) break;
  }
  return due;
}

async function claimBatch(db: Database, now: Date, enqueue: (check: DueCheck) => Promise<void>): Promise<{ looked: number; due: DueCheck[] }> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({
        tenantId: automationSchedules.tenantId,
        nextRunAt: automationSchedules.nextRunAt,
        basis: automationSchedules.basis,
        lastRunDay: automationSchedules.lastRunDay,
        checkTime: configurations.checkTime,
        timeZone: configurations.timeZone,
        weekendProcessing: configurations.weekendProcessing,
      })
      .from(automationSchedules)
      .innerJoin(configurations, eq(configurations.tenantId, automationSchedules.tenantId))
      .where(
        and(
          eq(configurations.automationEnabled, true),
          // Due, never scheduled, or settings changed (the same text as scheduleBasis()).
          sql`(${automationSchedules.nextRunAt} is null or ${automationSchedules.nextRunAt} <= ${now}
            or ${automationSchedules.basis} is distinct from concat_ws(
              '|', ${configurations.checkTime}, ${configurations.timeZone}, ${configurations.weekendProcessing}))`,
        ),
      )
      .orderBy(asc(automationSchedules.nextRunAt))
      .limit(TICK_BATCH)
      .for('update', { of: automationSchedules, skipLocked: true });

    const due: DueCheck[] = [];
    for (const candidate of candidates) {
      const decision = decideTick(candidate, candidate, now);
      await tx
        .update(automationSchedules)
        .set({ nextRunAt: decision.state.nextRunAt, basis: decision.state.basis, lastRunDay: decision.state.lastRunDay })
        .where(eq(automationSchedules.tenantId, candidate.tenantId));
      if (decision.runDay === null) continue;
      if (!(await hasActiveSubscription(db, candidate.tenantId, now))) continue;
      const dueAt = candidate.nextRunAt !== null && candidate.nextRunAt <= now ? candidate.nextRunAt.toISOString() : undefined;
      const check: DueCheck = { tenantId: candidate.tenantId, localDay: decision.runDay, ...(dueAt === undefined ? {} : { dueAt }) };
      await enqueue(check);
      due.push(check);
    }
    return { looked: candidates.length, due };
  });
}

/** Forget an organization's next run (its automation setting changed): the next tick schedules it afresh. */
export async function resetSchedule(db: Pick<Database, 'update'>, tenantId: string): Promise<void> {
  await db.update(automationSchedules).set({ nextRunAt: null }).where(eq(automationSchedules.tenantId, tenantId));
}
