// Mail about events in an organization, queued in the transaction that records the event: the
// mail exists exactly when the event does. Called from the modules where the events happen.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { connectionFailureStreaks } from '../db/schema/index.js';
import { queueForMembers, queueForOwners, type OutboxWriter } from './outbox.js';
import { utcMinute } from '../../shared/domain/utc-minute.js';

export interface RecordedConnectionOutcome {
  /** The verdict before this one; 'unknown' when there was none (new settings). */
  previousStatus: 'connected' | 'error' | 'unknown';
  previousMissingPermissions: readonly string[];
  status: 'connected' | 'error';
  /** The class of a failure ('permission': the token lacks required permissions). */
  problem: string | null;
  message: string;
  missingPermissions: readonly string[];
}

type StreakWriter = OutboxWriter & Pick<Database, 'delete'>;

/**
 * Security alerts from a recorded connection verdict (every check of the connection goes through
 * it, whatever found the problem: a password check, Test Connection, revoked consent): the
 * connection failing twice in a row (once per run of failures), and a required permission the
 * token's roles lost since the previous verdict (then the connection counts as failing only when
 * something else fails too).
 */
export async function alertConnectionOutcome(tx: StreakWriter, tenantId: string, outcome: RecordedConnectionOutcome, at: Date): Promise<void> {
  // A connection lacking only permissions has its own alert (below), not this one as well.
  const failing = outcome.status === 'error' && !(outcome.problem === 'permission' && outcome.missingPermissions.length > 0);
  if (!failing) {
    await tx.delete(connectionFailureStreaks).where(eq(connectionFailureStreaks.tenantId, tenantId));
  } else {
    const [streak] = await tx
      .insert(connectionFailureStreaks)
      .values({ tenantId, failures: 1, since: at })
      .onConflictDoUpdate({ target: connectionFailureStreaks.tenantId, set: { failures: sql`${connectionFailureStreaks.failures} + 1` } })
      .returning();
    if (streak?.failures === 2) {
      await queueForMembers(
        tx,
        tenantId,
        `connection-failing:${tenantId}:${streak.since.getTime()}`,
        { type: 'connection_failing', failures: 2, message: outcome.message },
        at,
      );
    }
  }
  // Only a change from a known verdict is a removal: new settings start without one.
  const lost = outcome.missingPermissions.filter((permission) => !outcome.previousMissingPermissions.includes(permission));
  if (outcome.previousStatus !== 'unknown' && lost.length > 0) {
    await queueForMembers(tx, tenantId, `permission-removed:${tenantId}:${at.getTime()}`, { type: 'permission_removed', permissions: [...lost].sort() }, at);
  }
}

/**
 * Security alert: a domain's latest snapshot went stale (once per snapshot). To the owners only:
 * connectors are theirs alone to add, revoke and mend (docs/product.md §On-premises Active Directory).
 */
export async function alertConnectorSilent(
  tx: OutboxWriter,
  tenantId: string,
  silent: { domain: string; snapshotId: string; since: Date },
  at: Date,
): Promise<void> {
  await queueForOwners(
    tx,
    tenantId,
    `connector-silent:${tenantId}:${silent.snapshotId}`,
    { type: 'connector_silent', domain: silent.domain, since: utcMinute(silent.since) },
    at,
  );
}

/** Email notification: a password check failed. */
export async function notifyCheckFailed(tx: OutboxWriter, tenantId: string, runId: string, reason: string, at: Date): Promise<void> {
  await queueForMembers(tx, tenantId, `check-failed:${runId}`, { type: 'check_failed', reason, at: utcMinute(at) }, at);
}

/** Email notification: the sending mailbox's daily limit carried reminders over to the next day. */
export async function notifyMailCarriedOver(
  tx: OutboxWriter,
  tenantId: string,
  carried: { count: number; senderMailbox: string; resumesAt: Date },
  at: Date,
): Promise<void> {
  await queueForMembers(
    tx,
    tenantId,
    `carried-over:${tenantId}:${carried.senderMailbox}:${carried.resumesAt.getTime()}`,
    { type: 'mail_carried_over', count: carried.count, senderMailbox: carried.senderMailbox, resumesAt: utcMinute(carried.resumesAt) },
    at,
  );
}
