// An organization's drain lease (db/schema/notifications.ts drainLeases): one instance at a time
// drains an organization's mail on the scheduler's behalf, and proves it is alive by renewing the
// lease. The send ledger's row claims keep every mail exactly-once whatever the leases say; the
// lease only decides who is in charge of sending, so that a dead instance's share is taken over as
// soon as its lease lapses instead of waiting for a job queue's expiry.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { drainLeases } from '../db/schema/index.js';

/**
 * How long a lease lasts without renewal: a holder that died is replaced this long after its last
 * heartbeat (plus one sweep). Renewed three times per period, so one slow heartbeat does not lose it.
 */
export const DRAIN_LEASE_MS = 15_000;

export type LeaseGrant = { acquired: true; tookOverFrom: string | null } | { acquired: false; holder: string; leaseUntil: Date };

/**
 * Takes the organization's lease for `holder` when nobody holds it, the holder's lease has lapsed,
 * or `holder` already holds it. One statement, so two instances never both get it.
 */
export async function acquireDrainLease(db: Database, tenantId: string, holder: string, now: Date, leaseMs: number): Promise<LeaseGrant> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  return db.transaction(async (tx) => {
    const [previous] = await tx.select().from(drainLeases).where(eq(drainLeases.tenantId, tenantId)).for('update');
    if (previous && previous.holder !== holder && previous.leaseUntil.getTime() > now.getTime()) {
      return { acquired: false, holder: previous.holder, leaseUntil: previous.leaseUntil };
    }
    await tx
      .insert(drainLeases)
      .values({ tenantId, holder, leaseUntil, acquiredAt: now })
      .onConflictDoUpdate({ target: drainLeases.tenantId, set: { holder, leaseUntil, acquiredAt: now } });
    return { acquired: true, tookOverFrom: previous && previous.holder !== holder ? previous.holder : null };
  });
}

/** Extends `holder`'s lease; false when it no longer holds it (it lapsed and another instance took over). */
export async function renewDrainLease(db: Database, tenantId: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(drainLeases)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(drainLeases.tenantId, tenantId), eq(drainLeases.holder, holder)))
    .returning({ tenantId: drainLeases.tenantId });
  return renewed.length > 0;
}

/** Gives the lease back at once, so another instance need not wait for it to lapse. */
export async function releaseDrainLease(db: Database, tenantId: string, holder: string): Promise<void> {
  await db.delete(drainLeases).where(and(eq(drainLeases.tenantId, tenantId), eq(drainLeases.holder, holder)));
}

/**
 * Organizations with mail due now that no live instance is draining: nobody holds their lease, or
 * its holder stopped renewing it (it died). Any instance may take them.
 */
export async function tenantsToDrain(db: Database, now: Date): Promise<string[]> {
  const rows = await db.execute<{ tenant_id: string }>(sql`
    select distinct e.tenant_id from email_sends e
    where e.state in ('queued', 'deferred') and e.next_attempt_at <= ${now}
      and not exists (select 1 from drain_leases l where l.tenant_id = e.tenant_id and l.lease_until > ${now})`);
  return rows.rows.map((row) => row.tenant_id);
}
