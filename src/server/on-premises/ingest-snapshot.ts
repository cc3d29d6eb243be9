// The three steps of a snapshot (docs/product.md §On-premises Active Directory): begin, batches,
// commit. Every step may be sent again with the same effect. A commit replaces the domain's records
// in one transaction by swapping the domain's current snapshot, so a check reads either the old
// records or the new ones, never a mix.
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  type BeginSnapshotAnswer,
  type BeginSnapshotBody,
  type CommitSnapshotAnswer,
  connectorMessages,
  MAX_CLOCK_AHEAD_MINUTES,
  MAX_USERS_PER_BATCH,
  type SnapshotBatchAnswer,
  type SnapshotBatchBody,
} from '../../shared/api/connector-snapshot.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import type { Database } from '../db/client.js';
import { adDomains, adSnapshotBatches, adSnapshots, adUsers, syncedDirectoryUsers } from '../db/schema/index.js';
import { unnestRows } from '../db/unnest-rows.js';
import { badRequest, conflict, notFound } from '../http/app-error.js';
import type { AuthenticatedConnector } from './connector-keys.js';
import { forgetAdRecordIndex } from './on-premises-directory.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const snapshotNotFound = (snapshotId: string) => notFound(`Snapshot ${snapshotId} was not begun (or was discarded after 24 hours)`);

/** Serializes the requests of one snapshot (and, with a domain SID, the commits of one domain) for the transaction. */
async function lockOn(tx: Transaction, tenantId: string, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`on-premises:${tenantId}:${name}`}, 0))`);
}

/** Begun snapshots never committed within a day go, with what they received. */
async function discardAbandonedSnapshots(tx: Transaction, tenantId: string, now: Date): Promise<void> {
  const abandoned = await tx
    .delete(adSnapshots)
    .where(and(eq(adSnapshots.tenantId, tenantId), isNull(adSnapshots.committedAt), lt(adSnapshots.begunAt, new Date(now.getTime() - DAY_MS))))
    .returning({ id: adSnapshots.id });
  if (abandoned.length === 0) return;
  const ids = abandoned.map((row) => row.id);
  await tx.delete(adUsers).where(and(eq(adUsers.tenantId, tenantId), inArray(adUsers.snapshotId, ids)));
  await tx.delete(adSnapshotBatches).where(and(eq(adSnapshotBatches.tenantId, tenantId), inArray(adSnapshotBatches.snapshotId, ids)));
}

export async function beginSnapshot(
  db: Database,
  connector: AuthenticatedConnector,
  body: BeginSnapshotBody,
  now: Date,
): Promise<{ created: boolean; answer: BeginSnapshotAnswer }> {
  const answer = { snapshotId: body.snapshotId, maxUsersPerBatch: MAX_USERS_PER_BATCH };
  // A snapshot from a host whose clock runs ahead would never go stale, and would shut out every correct one after it.
  if (new Date(body.takenAt).getTime() > now.getTime() + MAX_CLOCK_AHEAD_MINUTES * 60_000) throw badRequest(connectorMessages.takenAtInFuture);
  return db.transaction(async (tx) => {
    const { tenantId } = connector;
    await lockOn(tx, tenantId, body.snapshotId);
    await discardAbandonedSnapshots(tx, tenantId, now);
    const [existing] = await tx
      .select()
      .from(adSnapshots)
      .where(and(eq(adSnapshots.tenantId, tenantId), eq(adSnapshots.id, body.snapshotId)));
    if (existing) {
      const same =
        existing.connectorId === connector.connectorId &&
        existing.domainSid === body.domain.domainSid &&
        existing.userCount === body.userCount &&
        existing.batchCount === body.batchCount &&
        existing.takenAt.getTime() === new Date(body.takenAt).getTime();
      if (!same) throw conflict(`Snapshot ${body.snapshotId} was begun already with other content`);
      return { created: false, answer };
    }
    await tx.insert(adSnapshots).values({
      tenantId,
      id: body.snapshotId,
      connectorId: connector.connectorId,
      domainSid: body.domain.domainSid,
      dnsName: body.domain.dnsName.toLowerCase(),
      netbiosName: body.domain.netbiosName ?? null,
      maxPwdAge: BigInt(body.domain.maxPwdAge),
      passwordSettingsObjects: body.passwordSettingsObjects,
      connectorVersion: body.connectorVersion,
      takenAt: new Date(body.takenAt),
      userCount: body.userCount,
      batchCount: body.batchCount,
      begunAt: now,
    });
    return { created: true, answer };
  });
}

async function findSnapshot(tx: Transaction, connector: AuthenticatedConnector, snapshotId: string) {
  const [snapshot] = await tx
    .select()
    .from(adSnapshots)
    .where(and(eq(adSnapshots.tenantId, connector.tenantId), eq(adSnapshots.id, snapshotId), eq(adSnapshots.connectorId, connector.connectorId)));
  if (!snapshot) throw snapshotNotFound(snapshotId);
  return snapshot;
}

const hashOf = (users: SnapshotBatchBody['users']) => createHash('sha256').update(JSON.stringify(users)).digest('hex');

export async function receiveBatch(
  db: Database,
  connector: AuthenticatedConnector,
  snapshotId: string,
  batchIndex: number,
  body: SnapshotBatchBody,
): Promise<SnapshotBatchAnswer> {
  const { tenantId } = connector;
  const contentHash = hashOf(body.users);
  try {
    return await db.transaction(async (tx) => {
      await lockOn(tx, tenantId, snapshotId);
      const snapshot = await findSnapshot(tx, connector, snapshotId);
      if (batchIndex >= snapshot.batchCount)
        throw badRequest(`index: must be from 0 to ${snapshot.batchCount - 1} (the snapshot has ${snapshot.batchCount} batches)`);
      if (snapshot.committedAt) {
        const [sent] = await tx
          .select({ contentHash: adSnapshotBatches.contentHash })
          .from(adSnapshotBatches)
          .where(and(eq(adSnapshotBatches.tenantId, tenantId), eq(adSnapshotBatches.snapshotId, snapshotId), eq(adSnapshotBatches.batchIndex, batchIndex)));
        if (sent?.contentHash !== contentHash) throw conflict(`Snapshot ${snapshotId} was committed already with other content in batch ${batchIndex}`);
        return { received: body.users.length };
      }
      const batch = and(eq(adUsers.tenantId, tenantId), eq(adUsers.snapshotId, snapshotId), eq(adUsers.batchIndex, batchIndex));
      await tx.delete(adUsers).where(batch);
      if (body.users.length > 0) {
        await tx.insert(adUsers).select(
          unnestRows(
            adUsers,
            body.users.map((user) => ({
              tenantId,
              snapshotId,
              batchIndex,
              objectSid: user.objectSid.toUpperCase(),
              objectGuid: user.objectGuid,
              userPrincipalName: user.userPrincipalName,
              samAccountName: user.sAMAccountName,
              mail: user.mail,
              pwdLastSet: BigInt(user.pwdLastSet),
              // Stored unsigned: the flags are the same bits whichever way AD handed them out.
              userAccountControl: user.userAccountControl >>> 0,
              passwordExpiryTimeComputed: BigInt(user.passwordExpiryTimeComputed),
              resultantPso: user.resultantPso,
              accountExpires: BigInt(user.accountExpires),
            })),
          ),
        );
      }
      await tx
        .insert(adSnapshotBatches)
        .values({ tenantId, snapshotId, batchIndex, userCount: body.users.length, contentHash })
        .onConflictDoUpdate({
          target: [adSnapshotBatches.tenantId, adSnapshotBatches.snapshotId, adSnapshotBatches.batchIndex],
          set: { userCount: body.users.length, contentHash },
        });
      return { received: body.users.length };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('users: an objectSid of this batch is in another batch of the snapshot already');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function commitSnapshot(db: Database, connector: AuthenticatedConnector, snapshotId: string, now: Date): Promise<CommitSnapshotAnswer> {
  const { tenantId } = connector;
  const answer = await db.transaction(async (tx) => {
    await lockOn(tx, tenantId, snapshotId);
    const snapshot = await findSnapshot(tx, connector, snapshotId);
    if (snapshot.committedAt && snapshot.result) return snapshot.result;
    const batches = await tx
      .select({ batchIndex: adSnapshotBatches.batchIndex, userCount: adSnapshotBatches.userCount })
      .from(adSnapshotBatches)
      .where(and(eq(adSnapshotBatches.tenantId, tenantId), eq(adSnapshotBatches.snapshotId, snapshotId)));
    const arrived = new Set(batches.map((batch) => batch.batchIndex));
    const missing = Array.from({ length: snapshot.batchCount }, (_, index) => index).filter((index) => !arrived.has(index));
    if (missing.length > 0)
      throw conflict(`Batches missing: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ` and ${missing.length - 20} more` : ''}`);
    const received = batches.reduce((sum, batch) => sum + batch.userCount, 0);
    if (received !== snapshot.userCount) throw conflict(`The batches hold ${received} users; the snapshot announced ${snapshot.userCount}`);

    await lockOn(tx, tenantId, snapshot.domainSid);
    const [current] = await tx
      .select()
      .from(adDomains)
      .where(and(eq(adDomains.tenantId, tenantId), eq(adDomains.domainSid, snapshot.domainSid)));
    if (current && current.snapshotTakenAt > snapshot.takenAt) {
      throw conflict(`A newer snapshot of ${snapshot.dnsName} (taken ${current.snapshotTakenAt.toISOString()}) was committed already`);
    }
    const domainRow = {
      connectorId: connector.connectorId,
      dnsName: snapshot.dnsName,
      currentSnapshotId: snapshotId,
      snapshotTakenAt: snapshot.takenAt,
      committedAt: now,
      usersRead: snapshot.userCount,
      matched: 0,
      unmatchedAdUsers: snapshot.userCount,
      unmatchedGraphUsers: 0,
      silenceAlertedSnapshotId: null,
    };
    await tx
      .insert(adDomains)
      .values({ tenantId, domainSid: snapshot.domainSid, ...domainRow })
      .onConflictDoUpdate({ target: [adDomains.tenantId, adDomains.domainSid], set: domainRow });
    if (current && current.currentSnapshotId !== snapshotId) {
      await tx.delete(adUsers).where(and(eq(adUsers.tenantId, tenantId), eq(adUsers.snapshotId, current.currentSnapshotId)));
      await tx.delete(adSnapshotBatches).where(and(eq(adSnapshotBatches.tenantId, tenantId), eq(adSnapshotBatches.snapshotId, current.currentSnapshotId)));
    }

    const counts = await matchAgainstLastCheck(tx, tenantId, snapshot.domainSid);
    await tx
      .update(adDomains)
      .set(counts.domain)
      .where(and(eq(adDomains.tenantId, tenantId), eq(adDomains.domainSid, snapshot.domainSid)));
    const result: CommitSnapshotAnswer = {
      snapshotId,
      usersRead: snapshot.userCount,
      matched: counts.domain.matched,
      unmatchedAdUsers: counts.domain.unmatchedAdUsers,
      unmatchedGraphUsers: counts.domain.unmatchedGraphUsers,
    };
    await tx
      .update(adSnapshots)
      .set({ committedAt: now, result })
      .where(and(eq(adSnapshots.tenantId, tenantId), eq(adSnapshots.id, snapshotId)));
    return result;
  });
  // The next check would see the new snapshot id anyway; this frees the old records sooner.
  forgetAdRecordIndex(tenantId);
  return answer;
}

/**
 * The new records matched against the synced users the latest check read from Graph (none before
 * the first check), in SQL: loading 100,000 records into JavaScript here held the event loop for
 * seconds. Same order as AdRecordIndex: SID, then GUID, then a UPN only one record has.
 */
async function matchAgainstLastCheck(tx: Transaction, tenantId: string, domainSid: string) {
  const result = await tx.execute<{ matched: string; unmatched_ad_users: string; unmatched_graph_users: string }>(sql`
    with ad as (
      select u.object_sid as sid, u.object_guid as guid, lower(u.user_principal_name) as upn, d.domain_sid
      from ${adUsers} u join ${adDomains} d on d.tenant_id = u.tenant_id and d.current_snapshot_id = u.snapshot_id
      where u.tenant_id = ${tenantId}
    ),
    guid_once as (select guid, min(sid) as sid from ad group by guid),
    upn_once as (select upn, min(sid) as sid from ad where upn is not null group by upn having count(*) = 1),
    graph as (
      select coalesce(by_sid.sid, by_guid.sid, by_upn.sid) as sid
      from ${syncedDirectoryUsers} s
      left join ad by_sid on by_sid.sid = upper(s.security_identifier)
      left join guid_once by_guid on by_guid.guid = s.immutable_id
      left join upn_once by_upn on by_upn.upn = lower(s.user_principal_name)
      where s.tenant_id = ${tenantId}
    ),
    matched as (select distinct sid from graph where sid is not null)
    select
      (select count(*) from ad join matched using (sid) where ad.domain_sid = ${domainSid}) as matched,
      (select count(*) from ad where ad.domain_sid = ${domainSid} and ad.sid not in (select sid from matched)) as unmatched_ad_users,
      (select count(*) from graph where sid is null) as unmatched_graph_users`);
  const row = result.rows[0]!;
  return { domain: { matched: Number(row.matched), unmatchedAdUsers: Number(row.unmatched_ad_users), unmatchedGraphUsers: Number(row.unmatched_graph_users) } };
}
