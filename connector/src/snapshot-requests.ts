// One domain's snapshot as the exact requests of the wire contract (docs/connector.md §What it
// sends): begin, one PUT per batch, commit. --dry-run prints this list; sending walks it.
import { randomUUID } from 'node:crypto';
import { MAX_USERS_PER_BATCH, type BeginSnapshotBody, type SnapshotBatchBody } from '../../src/shared/api/connector-snapshot.js';
import type { DomainSnapshot } from './read-domain.js';

export type WireRequest =
  | { kind: 'begin'; method: 'POST'; path: string; body: BeginSnapshotBody }
  | { kind: 'batch'; method: 'PUT'; path: string; body: SnapshotBatchBody }
  | { kind: 'commit'; method: 'POST'; path: string; body: Record<string, never> };

const SNAPSHOTS_PATH = '/api/connector/v1/snapshots';

export interface SnapshotStamp {
  snapshotId: string;
  takenAt: Date;
  connectorVersion: string;
}

export function newStamp(connectorVersion: string, now: Date): SnapshotStamp {
  return { snapshotId: randomUUID(), takenAt: now, connectorVersion };
}

/** The requests that send `snapshot`, in order, with `batchSize` users per batch. */
export function snapshotRequests(snapshot: DomainSnapshot, stamp: SnapshotStamp, batchSize = MAX_USERS_PER_BATCH): WireRequest[] {
  const batches: SnapshotBatchBody[] = [];
  for (let start = 0; start < snapshot.users.length; start += batchSize) batches.push({ users: snapshot.users.slice(start, start + batchSize) });
  const snapshotPath = `${SNAPSHOTS_PATH}/${stamp.snapshotId}`;
  return [
    {
      kind: 'begin',
      method: 'POST',
      path: SNAPSHOTS_PATH,
      body: {
        snapshotId: stamp.snapshotId,
        connectorVersion: stamp.connectorVersion,
        takenAt: stamp.takenAt.toISOString(),
        domain: snapshot.domain,
        passwordSettingsObjects: snapshot.passwordSettingsObjects,
        userCount: snapshot.users.length,
        batchCount: batches.length,
      },
    },
    ...batches.map((body, index): WireRequest => ({ kind: 'batch', method: 'PUT', path: `${snapshotPath}/batches/${index}`, body })),
    { kind: 'commit', method: 'POST', path: `${snapshotPath}/commit`, body: {} },
  ];
}
