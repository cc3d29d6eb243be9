// Matching synced Graph users to AD records (docs/domain.md §Hybrid directories): by
// onPremisesSecurityIdentifier = objectSid, then onPremisesImmutableId = objectGUID (base64), then
// userPrincipalName, case-insensitive (a UPN two records share matches neither). The check matches
// each user as it streams in; a snapshot's commit counts the same way in SQL (ingest-snapshot.ts).
import type { OnPremisesRecord } from '../../shared/domain/on-premises-expiry.js';

/** A Graph user's on-premises anchors. */
export interface SyncedUserAnchors {
  onPremisesSecurityIdentifier: string | null;
  onPremisesImmutableId: string | null;
  userPrincipalName: string;
}

/** An AD record as indexed: its anchors and what the expiry rule reads. */
export interface IndexedAdRecord {
  /** The AD domain's SID: the counts are per domain. */
  domainSid: string;
  objectSid: string;
  objectGuid: string;
  userPrincipalName: string | null;
  facts: OnPremisesRecord;
}

export interface MatchCounts {
  /** Per AD domain SID. */
  domains: Map<string, { usersRead: number; matched: number; unmatchedAdUsers: number }>;
  /** Synced Graph users no AD record of any domain matched. */
  unmatchedGraphUsers: number;
}

export class AdRecordIndex {
  private readonly bySid = new Map<string, IndexedAdRecord>();
  private readonly byGuid = new Map<string, IndexedAdRecord>();
  private readonly byUpn = new Map<string, IndexedAdRecord>();
  private readonly matched = new Set<IndexedAdRecord>();
  private unmatchedGraphUsers = 0;

  constructor(private readonly records: readonly IndexedAdRecord[]) {
    for (const record of records) {
      this.bySid.set(record.objectSid.toUpperCase(), record);
      this.byGuid.set(record.objectGuid, record);
      // Two records with the same UPN (two forests) match neither by UPN: the wrong date is worse than none.
      if (record.userPrincipalName !== null) {
        const upn = record.userPrincipalName.toLowerCase();
        if (this.byUpn.has(upn)) this.byUpn.set(upn, AMBIGUOUS);
        else this.byUpn.set(upn, record);
      }
    }
  }

  get size(): number {
    return this.records.length;
  }

  /** The record of a synced user, or null; counted for matchCounts(). */
  match(user: SyncedUserAnchors): IndexedAdRecord | null {
    const found =
      (user.onPremisesSecurityIdentifier ? this.bySid.get(user.onPremisesSecurityIdentifier.toUpperCase()) : undefined) ??
      (user.onPremisesImmutableId ? this.byGuid.get(user.onPremisesImmutableId) : undefined) ??
      this.byUpn.get(user.userPrincipalName.toLowerCase());
    if (found === undefined || found === AMBIGUOUS) {
      this.unmatchedGraphUsers += 1;
      return null;
    }
    this.matched.add(found);
    return found;
  }

  /** Both sides' counts of the users matched so far. */
  matchCounts(): MatchCounts {
    const domains: MatchCounts['domains'] = new Map();
    for (const record of this.records) {
      const counts = domains.get(record.domainSid) ?? { usersRead: 0, matched: 0, unmatchedAdUsers: 0 };
      counts.usersRead += 1;
      if (this.matched.has(record)) counts.matched += 1;
      else counts.unmatchedAdUsers += 1;
      domains.set(record.domainSid, counts);
    }
    return { domains, unmatchedGraphUsers: this.unmatchedGraphUsers };
  }
}

/** Stands in the UPN map for a name two records share. */
const AMBIGUOUS: IndexedAdRecord = {
  domainSid: '',
  objectSid: '',
  objectGuid: '',
  userPrincipalName: null,
  facts: {
    domain: '',
    pwdLastSet: 0n,
    userAccountControl: 0,
    passwordExpiryTimeComputed: 0n,
    resultantPso: null,
    accountExpires: 0n,
    snapshotTakenAtMs: 0,
    stale: true,
  },
};
