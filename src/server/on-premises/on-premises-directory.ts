// What an organization's connectors last reported, loaded for a check or a commit: each domain's
// current snapshot with its records indexed for matching, and the declared policy.
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_STALE_AFTER_HOURS, type DeclaredOnPremisesPolicy, type OnPremisesInput } from '../../shared/domain/on-premises-expiry.js';
import type { Database } from '../db/client.js';
import { adDomains, adSnapshots, adUsers, onPremisesSettings } from '../db/schema/index.js';
import { AdRecordIndex, type IndexedAdRecord, type SyncedUserAnchors } from './ad-record-index.js';

type Reader = Pick<Database, 'select'>;

interface ReportedDomain {
  domainSid: string;
  dnsName: string;
  takenAt: Date;
  stale: boolean;
}

export interface OnPremisesDirectory {
  domains: ReportedDomain[];
  index: AdRecordIndex;
  declared: DeclaredOnPremisesPolicy | null;
  /** What the expiry rule knows about a synced user (matching it, which the counts record). */
  inputFor(user: SyncedUserAnchors): OnPremisesInput;
}

export async function findOnPremisesSettings(
  db: Reader,
  tenantId: string,
): Promise<{ staleAfterHours: number; declaredPolicy: DeclaredOnPremisesPolicy | null }> {
  const [row] = await db
    .select({ staleAfterHours: onPremisesSettings.staleAfterHours, declaredPolicy: onPremisesSettings.declaredPolicy })
    .from(onPremisesSettings)
    .where(eq(onPremisesSettings.tenantId, tenantId));
  return row ?? { staleAfterHours: DEFAULT_STALE_AFTER_HOURS, declaredPolicy: null };
}

/** The organization's on-premises knowledge at `now`; null when it has neither a snapshot nor a declared policy (the cloud path pays nothing). */
export async function loadOnPremisesDirectory(db: Reader, tenantId: string, now: Date): Promise<OnPremisesDirectory | null> {
  const settings = await findOnPremisesSettings(db, tenantId);
  const domainRows = await db
    .select({
      domainSid: adDomains.domainSid,
      dnsName: adDomains.dnsName,
      snapshotId: adDomains.currentSnapshotId,
      takenAt: adSnapshots.takenAt,
      passwordSettingsObjects: adSnapshots.passwordSettingsObjects,
    })
    .from(adDomains)
    .innerJoin(adSnapshots, and(eq(adSnapshots.tenantId, adDomains.tenantId), eq(adSnapshots.id, adDomains.currentSnapshotId)))
    .where(eq(adDomains.tenantId, tenantId));
  if (domainRows.length === 0 && settings.declaredPolicy === null) return null;

  const staleBefore = now.getTime() - settings.staleAfterHours * 3_600_000;
  const domains = domainRows.map((row) => ({
    domainSid: row.domainSid,
    dnsName: row.dnsName,
    takenAt: row.takenAt,
    stale: row.takenAt.getTime() < staleBefore,
  }));
  const bySnapshot = new Map(domainRows.map((row, at) => [row.snapshotId, { row, domain: domains[at]!, psoNames: psoNamesOf(row.passwordSettingsObjects) }]));
  const records: IndexedAdRecord[] = [];
  if (domainRows.length > 0) {
    const rows = await db
      .select({
        snapshotId: adUsers.snapshotId,
        objectSid: adUsers.objectSid,
        objectGuid: adUsers.objectGuid,
        userPrincipalName: adUsers.userPrincipalName,
        pwdLastSet: adUsers.pwdLastSet,
        userAccountControl: adUsers.userAccountControl,
        passwordExpiryTimeComputed: adUsers.passwordExpiryTimeComputed,
        resultantPso: adUsers.resultantPso,
        accountExpires: adUsers.accountExpires,
      })
      .from(adUsers)
      .where(and(eq(adUsers.tenantId, tenantId), inArray(adUsers.snapshotId, [...bySnapshot.keys()])));
    for (const row of rows) {
      const snapshot = bySnapshot.get(row.snapshotId)!;
      records.push({
        domainSid: snapshot.row.domainSid,
        objectSid: row.objectSid,
        objectGuid: row.objectGuid,
        userPrincipalName: row.userPrincipalName,
        facts: {
          domain: snapshot.row.dnsName,
          pwdLastSet: row.pwdLastSet,
          userAccountControl: row.userAccountControl,
          passwordExpiryTimeComputed: row.passwordExpiryTimeComputed,
          resultantPso: row.resultantPso === null ? null : (snapshot.psoNames.get(row.resultantPso.toLowerCase()) ?? commonNameOf(row.resultantPso)),
          accountExpires: row.accountExpires,
          snapshotTakenAtMs: snapshot.row.takenAt.getTime(),
          stale: snapshot.domain.stale,
        },
      });
    }
  }
  const index = new AdRecordIndex(records);
  const declared = settings.declaredPolicy;
  return {
    domains,
    index,
    declared,
    inputFor: (user) => ({ record: index.match(user)?.facts ?? null, declared }),
  };
}

function psoNamesOf(psos: readonly { dn: string; name: string }[]): Map<string, string> {
  return new Map(psos.map((pso) => [pso.dn.toLowerCase(), pso.name]));
}

/** 'CN=Admins PSO,CN=Password Settings Container,...' -> 'Admins PSO' (escaped commas kept). */
function commonNameOf(dn: string): string {
  const match = /^CN=((?:\\.|[^,])*)/i.exec(dn);
  return match?.[1]?.replace(/\\(.)/g, '$1') ?? dn;
}
