// The security alert "the configuration was changed", one per organization per quarter hour
// (docs/product.md §Account mail): saves are collected in the organization's window row, and the
// sender turns a window whose quarter hour has passed into one mail per member listing them all.
import { inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { configurationAlertWindows } from '../db/schema/index.js';
import { summarizeConfigurationSaves, type ConfigurationSave } from './configuration-change-summary.js';
import { queueForMembers } from './outbox.js';
import type { SettingChange } from './payloads.js';

/** Windows turned into mail per transaction. */
const FLUSH_BATCH = 20;

/**
 * Records a save of the configuration (`changes` null: it created it) in the transaction of the
 * save: the first one after the previous alert opens a window, the others join it. The upsert
 * locks the window row until the save commits, so the sender either mails the window before this
 * save (which then opens the next window) or after it, with this save.
 */
export async function alertConfigurationChanged(
  tx: Pick<Database, 'insert'>,
  tenantId: string,
  change: { actor: string; changes: SettingChange[] | null },
  at: Date,
): Promise<void> {
  const save: ConfigurationSave = { at: at.toISOString(), actor: change.actor, changes: change.changes };
  await tx
    .insert(configurationAlertWindows)
    .values({ tenantId, openedAt: at, changes: [{ ...save }] })
    .onConflictDoUpdate({
      target: configurationAlertWindows.tenantId,
      set: { changes: sql`${configurationAlertWindows.changes} || excluded.changes` },
    });
}

/**
 * Queues the alert of every window opened `windowMs` or longer before `now` (the quarter hour),
 * each in the transaction that deletes its window. Windows are taken with SKIP LOCKED, so
 * instances flushing at once take different ones, and a window a save is still writing to waits
 * for the next pass (with that save in it). Answers how many mails were queued.
 */
export async function flushConfigurationAlerts(db: Database, now: Date, windowMs: number): Promise<number> {
  let queued = 0;
  for (;;) {
    const flushed = await db.transaction((tx) => flushDueWindows(tx, now, windowMs, FLUSH_BATCH));
    queued += flushed.queued;
    if (flushed.windows < FLUSH_BATCH) return queued;
  }
}

/** One batch of `flushConfigurationAlerts`, in the caller's transaction (tests hold it open). */
export async function flushDueWindows(
  tx: Pick<Database, 'select' | 'insert' | 'delete'>,
  now: Date,
  windowMs: number,
  limit: number,
): Promise<{ windows: number; queued: number }> {
  const due = tx
    .select({ tenantId: configurationAlertWindows.tenantId })
    .from(configurationAlertWindows)
    .where(lte(configurationAlertWindows.openedAt, new Date(now.getTime() - windowMs)))
    .orderBy(configurationAlertWindows.openedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const taken = await tx.delete(configurationAlertWindows).where(inArray(configurationAlertWindows.tenantId, due)).returning();
  let queued = 0;
  for (const window of taken) {
    const summary = summarizeConfigurationSaves(window.changes as unknown as ConfigurationSave[]);
    // Members and their toggles are read now, at the end of the window.
    queued += await queueForMembers(
      tx,
      window.tenantId,
      `configuration-changed:${window.id}`,
      { type: 'configuration_changed', ...summary, collectedFor: durationText(windowMs) },
      now,
    );
  }
  return { windows: taken.length, queued };
}

/** '15 minutes', '90 seconds': the window's length as the mail says it. */
function durationText(ms: number): string {
  const seconds = Math.round(ms / 1_000);
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Without an SMTP server no alert will go out: open windows are dropped with the queued mail. */
export async function dropConfigurationAlerts(db: Pick<Database, 'delete'>): Promise<number> {
  const dropped = await db.delete(configurationAlertWindows).returning({ tenantId: configurationAlertWindows.tenantId });
  return dropped.length;
}
