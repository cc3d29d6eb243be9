// Enrolling, listing and revoking an organization's connectors, and its on-premises settings.
// Every change is audited in the transaction that makes it.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CreateConnectorResponse, OnPremisesConnector, OnPremisesOverview, OnPremisesSettingsBody } from '../../shared/api/on-premises.js';
import { onPremisesMessages } from '../../shared/api/on-premises.js';
import { DEFAULT_STALE_AFTER_HOURS, isStaleSnapshot } from '../../shared/domain/on-premises-expiry.js';
import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { adDomains, onPremisesConnectors, onPremisesSettings } from '../db/schema/index.js';
import { notFound } from '../http/app-error.js';
import { generateConnectorKey, hashConnectorKey } from './connector-keys.js';
import { findOnPremisesSettings } from './on-premises-directory.js';

type ConnectorRow = typeof onPremisesConnectors.$inferSelect;
type DomainRow = typeof adDomains.$inferSelect;

function toConnector(row: ConnectorRow, domains: readonly DomainRow[], staleAfterHours: number, now: Date): OnPremisesConnector {
  return {
    id: row.id,
    name: row.name,
    keyHint: row.keyHint,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    domains: domains
      .filter((domain) => domain.connectorId === row.id)
      .map((domain) => ({
        dnsName: domain.dnsName,
        snapshotTakenAt: domain.snapshotTakenAt.toISOString(),
        committedAt: domain.committedAt.toISOString(),
        usersRead: domain.usersRead,
        matched: domain.matched,
        unmatchedAdUsers: domain.unmatchedAdUsers,
        stale: isStaleSnapshot(domain.snapshotTakenAt.getTime(), staleAfterHours, now.getTime()),
      })),
  };
}

export async function getOnPremisesOverview(db: Database, tenantId: string, now: Date): Promise<OnPremisesOverview> {
  const settings = await findOnPremisesSettings(db, tenantId);
  const connectors = await db
    .select()
    .from(onPremisesConnectors)
    .where(eq(onPremisesConnectors.tenantId, tenantId))
    .orderBy(asc(onPremisesConnectors.createdAt), asc(onPremisesConnectors.id));
  const domains = await db.select().from(adDomains).where(eq(adDomains.tenantId, tenantId)).orderBy(asc(adDomains.dnsName));
  const latest = domains.reduce<DomainRow | null>((found, domain) => (found === null || domain.committedAt > found.committedAt ? domain : found), null);
  return {
    connectors: connectors.map((row) => toConnector(row, domains, settings.staleAfterHours, now)),
    unmatchedGraphUsers: latest?.unmatchedGraphUsers ?? null,
    staleAfterHours: settings.staleAfterHours,
    declaredPolicy: settings.declaredPolicy,
  };
}

export async function createConnector(db: Database, tenantId: string, actorUserId: string | null, name: string, now: Date): Promise<CreateConnectorResponse> {
  const key = generateConnectorKey();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(onPremisesConnectors)
      .values({ tenantId, name, keyHash: hashConnectorKey(key), keyHint: key.slice(-4), createdAt: now, createdByUserId: actorUserId })
      .returning();
    if (!created) throw new Error('on_premises_connectors insert returned no row');
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message: `On-premises connector "${name}" added (key ending ${created.keyHint})`,
      actorUserId,
      details: { connectorId: created.id },
      createdAt: now,
    });
    return created;
  });
  return { connector: toConnector(row, [], DEFAULT_STALE_AFTER_HOURS, now), key };
}

export async function revokeConnector(
  db: Database,
  tenantId: string,
  actorUserId: string | null,
  connectorId: string,
  now: Date,
): Promise<OnPremisesConnector> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(onPremisesConnectors)
      .set({ revokedAt: now })
      .where(and(eq(onPremisesConnectors.tenantId, tenantId), eq(onPremisesConnectors.id, connectorId), isNull(onPremisesConnectors.revokedAt)))
      .returning();
    if (!revoked) {
      const [exists] = await tx
        .select({ id: onPremisesConnectors.id })
        .from(onPremisesConnectors)
        .where(and(eq(onPremisesConnectors.tenantId, tenantId), eq(onPremisesConnectors.id, connectorId)));
      // Revoked already: the same answer again.
      if (exists) return;
      throw notFound(onPremisesMessages.connectorNotFound);
    }
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message: `On-premises connector "${revoked.name}" revoked: its key (ending ${revoked.keyHint}) is refused from now on`,
      actorUserId,
      details: { connectorId },
      createdAt: now,
    });
  });
  const overview = await getOnPremisesOverview(db, tenantId, now);
  const connector = overview.connectors.find((candidate) => candidate.id === connectorId);
  if (!connector) throw notFound(onPremisesMessages.connectorNotFound);
  return connector;
}

export async function saveOnPremisesSettings(
  db: Database,
  tenantId: string,
  actorUserId: string,
  body: OnPremisesSettingsBody,
  now: Date,
): Promise<OnPremisesOverview> {
  await db.transaction(async (tx) => {
    const values = { staleAfterHours: body.staleAfterHours, declaredPolicy: body.declaredPolicy, updatedAt: now, updatedByUserId: actorUserId };
    await tx
      .insert(onPremisesSettings)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: onPremisesSettings.tenantId, set: values });
    const policy = body.declaredPolicy;
    await recordAudit(tx, tenantId, {
      category: 'configuration',
      status: 'success',
      message:
        `On-premises settings saved: snapshots stale after ${body.staleAfterHours} hours` +
        (policy
          ? `; declared policy (estimated dates): ${policy.maxPasswordAgeDays} days` +
            policy.groupAges.map((group) => `, ${group.groupName} ${group.maxPasswordAgeDays} days`).join('') +
            (policy.neverExpiresGroup ? `, ${policy.neverExpiresGroup.groupName} never expires` : '')
          : '; no declared policy'),
      actorUserId,
      createdAt: now,
    });
  });
  return getOnPremisesOverview(db, tenantId, now);
}
