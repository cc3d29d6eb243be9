// Demo mode's Passwatch Connector: for every organization connected to the simulated Contoso, it
// enrols a connector and sends the simulated CORP domain (the Graph simulator's on-premises
// dataset) through the real connector API, as the connector in a customer's network would, then
// again every hour so the snapshot never goes stale. Keys live only in this process: after a
// restart the previous simulated connector is revoked and a new one enrolled.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  type AdUserRecord,
  type BeginSnapshotBody,
  beginSnapshotAnswerSchema,
  commitSnapshotAnswerSchema,
  MAX_USERS_PER_BATCH,
} from '../../shared/api/connector-snapshot.js';
import type { Database } from '../db/client.js';
import { configurations, onPremisesConnectors } from '../db/schema/index.js';
import { createConnector, revokeConnector } from '../on-premises/index.js';

const SIMULATED_CONNECTOR_NAME = 'Demo connector (simulated CORP domain controller)';
const POLL_MS = 5_000;
const RESEND_MS = 3_600_000;

interface SimulatedConnectorOptions {
  db: Database;
  /** Where the app listens (loopback). */
  appOrigin: string;
  /** The Graph simulator's on-premises dataset of the tenant. */
  snapshotUrl: string;
  /** The simulated tenant whose organizations get the connector. */
  entraTenantId: string;
  log: (message: string) => void;
}

interface OnPremisesDataset {
  domain: BeginSnapshotBody['domain'];
  passwordSettingsObjects: BeginSnapshotBody['passwordSettingsObjects'];
  users: AdUserRecord[];
}

/** Starts the loop; the answer stops it. */
export function startSimulatedConnector(options: SimulatedConnectorOptions): { stop(): void } {
  const keys = new Map<string, { key: string; sentAt: number; revoked: boolean }>();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const tenantId of await organizationsOf(options.db, options.entraTenantId)) {
        let enrolled = keys.get(tenantId);
        if (!enrolled) {
          enrolled = { key: await enrol(options.db, tenantId), sentAt: 0, revoked: false };
          keys.set(tenantId, enrolled);
        }
        if (enrolled.revoked || Date.now() - enrolled.sentAt < RESEND_MS) continue;
        const result = await sendSnapshot(options, enrolled.key).catch((error: unknown) => {
          // Revoked in the Configuration tab: respected until a restart enrols a new one. Sending on
          // would only count wrong keys against this address (docs/connector.md §Rate limits).
          if (!(error instanceof KeyRefused)) throw error;
          enrolled.revoked = true;
          return null;
        });
        if (!result) {
          options.log(`Demo connector: its key was revoked for organization ${tenantId}; it sends nothing more until a restart`);
          continue;
        }
        enrolled.sentAt = Date.now();
        options.log(`Demo connector sent ${result.usersRead} on-premises users (${result.matched} matched) for organization ${tenantId}`);
      }
    } catch (error) {
      options.log(`Demo connector: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  void tick();
  return { stop: () => clearInterval(timer) };
}

async function organizationsOf(db: Database, entraTenantId: string): Promise<string[]> {
  const rows = await db.select({ tenantId: configurations.tenantId }).from(configurations).where(eq(configurations.entraTenantId, entraTenantId));
  return rows.map((row) => row.tenantId);
}

/** A new simulated connector for the organization, the one a previous run left revoked. */
async function enrol(db: Database, tenantId: string): Promise<string> {
  const previous = await db
    .select({ id: onPremisesConnectors.id })
    .from(onPremisesConnectors)
    .where(and(eq(onPremisesConnectors.tenantId, tenantId), eq(onPremisesConnectors.name, SIMULATED_CONNECTOR_NAME), isNull(onPremisesConnectors.revokedAt)));
  for (const { id } of previous) await revokeConnector(db, tenantId, null, id, new Date());
  const created = await createConnector(db, tenantId, null, SIMULATED_CONNECTOR_NAME, new Date());
  return created.key;
}

/** The server refused the connector key (401): it was revoked. */
class KeyRefused extends Error {}

/** Begin, batches, commit: the contract of src/shared/api/connector-snapshot.ts over HTTP. */
async function sendSnapshot(options: SimulatedConnectorOptions, key: string) {
  const dataset = (await (await fetch(options.snapshotUrl)).json()) as OnPremisesDataset;
  const call = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const response = await fetch(`${options.appOrigin}/api/connector/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const message = `${method} ${path} answered ${response.status}: ${await response.text()}`;
      throw response.status === 401 ? new KeyRefused(message) : new Error(message);
    }
    return response.json();
  };
  const batchCount = Math.max(1, Math.ceil(dataset.users.length / MAX_USERS_PER_BATCH));
  const begin: BeginSnapshotBody = {
    snapshotId: randomUUID(),
    connectorVersion: 'demo',
    takenAt: new Date().toISOString(),
    domain: dataset.domain,
    passwordSettingsObjects: dataset.passwordSettingsObjects,
    userCount: dataset.users.length,
    batchCount,
  };
  beginSnapshotAnswerSchema.parse(await call('POST', '/snapshots', begin));
  for (let index = 0; index < batchCount; index++) {
    await call('PUT', `/snapshots/${begin.snapshotId}/batches/${index}`, {
      users: dataset.users.slice(index * MAX_USERS_PER_BATCH, (index + 1) * MAX_USERS_PER_BATCH),
    });
  }
  return commitSnapshotAnswerSchema.parse(await call('POST', `/snapshots/${begin.snapshotId}/commit`, {}));
}
