// What an organization's connectors last reported, loaded for a check: each domain's current
// snapshot with its records indexed for matching (built once per set of snapshots and kept,
// ad-record-cache.ts), and the declared policy.
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_STALE_AFTER_HOURS, type DeclaredOnPremisesPolicy, isStaleSnapshot, type OnPremisesInput } from '../../shared/domain/on-premises-expiry.js';
import type { Database } from '../db/client.js';
import { adDomains, adSnapshots, adUsers, onPremisesSettings } from '../db/schema/index.js';
import { AdRecordIndexCache } from './ad-record-cache.js';
import { AdRecordIndex, type AdRecordMatcher, type IndexedAdRecord, type SyncedUserAnchors } from './ad-record-index.js';

type Reader = Pick<Database, 'select'>;

/**
 * AD records kept indexed between checks, all organizations together: about 100 MB of heap
 * (measured at roughly 0.5 KB a record), two organizations of 100,000 synced users.
 */
const MAX_CACHED_RECORDS = 200_000;
const cachedIndexes = new AdRecordIndexCache(MAX_CACHED_RECORDS);

/** A new snapshot was committed: the organization's kept index is dropped now rather than at its next check. */
export function forgetAdRecordIndex(tenantId: string): void {
  cachedIndexes.forget(tenantId);
}

interface ReportedDomain {
  domainSid: string;
  /** The snapshot this check dates the domain's users from. */
  snapshotId: string;
  dnsName: string;
  takenAt: Date;
  stale: boolean;
}

export interface OnPremisesDirectory {
  domains: ReportedDomain[];
  /** This check's matches (a directory is loaded per check). */
  matcher: AdRecordMatcher;
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
      usersRead: adDomains.usersRead,
      passwordSettingsObjects: adSnapshots.passwordSettingsObjects,
    })
    .from(adDomains)
    .innerJoin(adSnapshots, and(eq(adSnapshots.tenantId, adDomains.tenantId), eq(adSnapshots.id, adDomains.currentSnapshotId)))
    .where(eq(adDomains.tenantId, tenantId));
  if (domainRows.length === 0 && settings.declaredPolicy === null) return null;

  const domains = domainRows.map((row) => ({
    domainSid: row.domainSid,
    snapshotId: row.snapshotId,
    dnsName: row.dnsName,
    takenAt: row.takenAt,
    stale: isStaleSnapshot(row.takenAt.getTime(), settings.staleAfterHours, now.getTime()),
  }));
  // Everything the index's records are built from; a snapshot's records never change once committed.
  const key = domainRows
    .map((row, at) => `${row.domainSid} ${row.snapshotId} ${row.takenAt.getTime()} ${domains[at]!.stale} ${row.dnsName}`)
    .sort()
    .join('\n');
  let index = cachedIndexes.get(tenantId, key);
  if (index === undefined) {
    const records = domainRows.length === 0 ? [] : await loadRecords(db, tenantId, domainRows, domains);
    index = new AdRecordIndex(records);
    // A snapshot replaced while its records were read leaves fewer than it announced: not kept.
    if (records.length === domainRows.reduce((sum, row) => sum + row.usersRead, 0)) cachedIndexes.set(tenantId, key, index);
  }
  const matcher = index.startMatching();
  const declared = settings.declaredPolicy;
  return {
    domains,
    matcher,
    declared,
    inputFor: (user) => ({ record: matcher.match(user)?.facts ?? null, declared }),
  };
}

interface DomainRow {
  domainSid: string;
  dnsName: string;
  snapshotId: string;
  takenAt: Date;
  usersRead: number;
  passwordSettingsObjects: readonly { dn: string; name: string }[];
}

/** The current snapshots' records, with what the expiry rule reads about each. */
async function loadRecords(db: Reader, tenantId: string, domainRows: readonly DomainRow[], domains: readonly ReportedDomain[]): Promise<IndexedAdRecord[]> {
  const bySnapshot = new Map(domainRows.map((row, at) => [row.snapshotId, { row, domain: domains[at]!, psoNames: psoNamesOf(row.passwordSettingsObjects) }]));
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
  return rows.map((row) => {
    const snapshot = bySnapshot.get(row.snapshotId)!;
    return {
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
    };
  });
}

function psoNamesOf(psos: readonly { dn: string; name: string }[]): Map<string, string> {
  return new Map(psos.map((pso) => [pso.dn.toLowerCase(), pso.name]));
}

/** 'CN=Admins PSO,CN=Password Settings Container,...' -> 'Admins PSO' (escaped commas kept). */
function commonNameOf(dn: string): string {
  const match = /^CN=((?:\\.|[^,])*)/i.exec(dn);
  return match?.[1]?.replace(/\\(.)/g, '$1') ?? dn;
}
