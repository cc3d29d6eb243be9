// A password check's on-premises side: dates synced users from their AD records while the
// directory streams in, remembers the synced users' anchors (what the next snapshot's commit
// matches against; written only when they changed, synced-anchors.ts), and afterwards records the
// matching counts and alerts on silent connectors.
import { and, eq } from 'drizzle-orm';
import type { OnPremisesInput } from '../../shared/domain/on-premises-expiry.js';
import { utcMinute } from '../../shared/domain/utc-minute.js';
import { alertConnectorSilent } from '../account-mail/index.js';
import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { adDomains } from '../db/schema/index.js';
import type { SyncedUserAnchors } from './ad-record-index.js';
import { loadOnPremisesDirectory, type OnPremisesDirectory } from './on-premises-directory.js';
import { SyncedAnchorSet, saveSyncedAnchors } from './synced-anchors.js';

export interface OnPremisesCheck {
  /** For ScanSettings.onPremises: the expiry rule's input for a synced user. */
  inputFor(user: SyncedUserAnchors & { id: string }): OnPremisesInput;
  /** After the whole scan: the anchors saved, counts recorded, silent connectors reported. */
  finish(): Promise<void>;
}

/** Reads a group's members, nested groups included (the Graph client is one). */
export interface GroupMembers {
  transitiveMemberIds(groupId: string): AsyncIterable<string>;
}

export async function startOnPremisesCheck(db: Database, tenantId: string, now: Date, groups: GroupMembers): Promise<OnPremisesCheck> {
  const { directory, inputFor } = await loadOnPremisesInputs(db, tenantId, now, groups);
  const anchors = new SyncedAnchorSet();
  return {
    inputFor(user) {
      anchors.add(user);
      return inputFor(user);
    },
    async finish() {
      await saveSyncedAnchors(db, tenantId, anchors, now);
      if (directory) await recordCheckOutcome(db, tenantId, directory, now);
    },
  };
}

/**
 * The expiry rule's input for synced users as a check would give it, writing nothing: Preview Users
 * shows the dates the next check will use.
 */
export async function previewOnPremisesInputs(db: Database, tenantId: string, now: Date, groups: GroupMembers): Promise<OnPremisesCheck['inputFor']> {
  return (await loadOnPremisesInputs(db, tenantId, now, groups)).inputFor;
}

const NO_INPUT: OnPremisesInput = { record: null, declared: null };

async function loadOnPremisesInputs(db: Database, tenantId: string, now: Date, groups: GroupMembers) {
  const directory = await loadOnPremisesDirectory(db, tenantId, now);
  const declaredGroupsOf = await loadDeclaredGroups(directory, groups);
  const inputFor: OnPremisesCheck['inputFor'] = (user) => {
    if (!directory) return NO_INPUT;
    const input = directory.inputFor(user);
    return input.record === null && input.declared ? { ...input, declaredGroupIds: declaredGroupsOf(user.id) } : input;
  };
  return { directory, inputFor };
}

/** Which of the declared policy's groups each user is in (their members read once per check). */
async function loadDeclaredGroups(directory: OnPremisesDirectory | null, groups: GroupMembers): Promise<(userId: string) => ReadonlySet<string>> {
  const policy = directory?.declared;
  const groupIds = [...(policy?.groupAges.map((group) => group.groupId) ?? []), ...(policy?.neverExpiresGroup ? [policy.neverExpiresGroup.groupId] : [])];
  const byUser = new Map<string, Set<string>>();
  await Promise.all(
    groupIds.map(async (groupId) => {
      for await (const memberId of groups.transitiveMemberIds(groupId)) {
        const id = memberId.toLowerCase();
        const memberOf = byUser.get(id) ?? new Set<string>();
        memberOf.add(groupId.toLowerCase());
        byUser.set(id, memberOf);
      }
    }),
  );
  const none: ReadonlySet<string> = new Set();
  return (userId) => byUser.get(userId.toLowerCase()) ?? none;
}

/**
 * The check's matching counts per domain, and one security alert (and audit entry) per snapshot that
 * went stale. Only for the snapshot the check read: one committed while the check ran is fresh, and
 * neither the old snapshot's counts nor its silence belong to it.
 */
async function recordCheckOutcome(db: Database, tenantId: string, directory: OnPremisesDirectory, now: Date): Promise<void> {
  const counts = directory.matcher.matchCounts();
  await db.transaction(async (tx) => {
    for (const domain of directory.domains) {
      const domainCounts = counts.domains.get(domain.domainSid) ?? { usersRead: 0, matched: 0, unmatchedAdUsers: 0 };
      const sameSnapshot = and(eq(adDomains.tenantId, tenantId), eq(adDomains.domainSid, domain.domainSid), eq(adDomains.currentSnapshotId, domain.snapshotId));
      const [row] = await tx
        .update(adDomains)
        .set({ matched: domainCounts.matched, unmatchedAdUsers: domainCounts.unmatchedAdUsers, unmatchedGraphUsers: counts.unmatchedGraphUsers })
        .where(sameSnapshot)
        .returning({ alerted: adDomains.silenceAlertedSnapshotId });
      if (!domain.stale || !row || row.alerted === domain.snapshotId) continue;
      await tx.update(adDomains).set({ silenceAlertedSnapshotId: domain.snapshotId }).where(sameSnapshot);
      await recordAudit(tx, tenantId, {
        category: 'configuration',
        status: 'warning',
        message: `On-premises connector silent: no snapshot of ${domain.dnsName} since ${utcMinute(domain.takenAt.getTime())}; its synced users get no reminders until one arrives`,
        createdAt: now,
      });
      await alertConnectorSilent(tx, tenantId, { domain: domain.dnsName, snapshotId: domain.snapshotId, since: domain.takenAt }, now);
    }
  });
}
