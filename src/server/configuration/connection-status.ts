import { eq } from 'drizzle-orm';
import type { ConnectionStatus, ConnectionStatusValue } from '../../shared/api/configuration.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Database } from '../db/client.js';
import { configurations } from '../db/schema/index.js';
import { GraphError } from '../directory/graph-errors.js';
import { findConfiguration } from './configuration-store.js';

export interface ConnectionOutcome {
  status: Exclude<ConnectionStatusValue, 'unknown'>;
  message: string;
}

/** What the dashboard badge shows for an organization. */
export async function getConnectionStatus(db: Database, tenantId: string): Promise<ConnectionStatus> {
  const row = await findConfiguration(db, tenantId);
  if (!row) return { configured: false, connectionStatus: 'unknown', message: null, checkedAt: null };
  return {
    configured: true,
    connectionStatus: row.connectionStatus,
    message: row.connectionMessage,
    checkedAt: row.connectionCheckedAt?.toISOString() ?? null,
  };
}

/**
 * Stores the outcome of a real call to the tenant. A change of state (connected <-> error) is
 * also written to the audit log, so a lost connection shows in Recent Activity once, not per call.
 */
export async function recordConnectionOutcome(db: Database, tenantId: string, outcome: ConnectionOutcome, checkedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ status: configurations.connectionStatus })
      .from(configurations)
      .where(eq(configurations.tenantId, tenantId))
      .for('update');
    if (!previous) return;
    await tx
      .update(configurations)
      .set({ connectionStatus: outcome.status, connectionMessage: outcome.message, connectionCheckedAt: checkedAt })
      .where(eq(configurations.tenantId, tenantId));
    if (previous.status === outcome.status) return;
    await recordAudit(tx, tenantId, {
      category: 'connection',
      status: outcome.status === 'connected' ? 'success' : 'error',
      message: outcome.status === 'connected' ? 'Connected to the Entra tenant' : `Connection to the Entra tenant failed: ${outcome.message}`,
      createdAt: checkedAt,
    });
  });
}

/** Failures that say nothing about the connection itself: a deleted group, a sender without mailbox. */
export function isConnectionFailure(error: GraphError): boolean {
  return error.kind !== 'not_found' && error.kind !== 'mailbox';
}

/**
 * Runs a call to the tenant and records what it says about the connection: success -> connected,
 * a GraphError about the connection -> error with its message. The call's result or error passes through.
 */
export async function trackConnection<T>(db: Database, tenantId: string, now: () => Date, call: () => Promise<T>): Promise<T> {
  try {
    const result = await call();
    await recordConnectionOutcome(db, tenantId, { status: 'connected', message: 'Connected' }, now());
    return result;
  } catch (error) {
    if (error instanceof GraphError && isConnectionFailure(error)) {
      await recordConnectionOutcome(db, tenantId, { status: 'error', message: error.actionableMessage }, now());
    }
    throw error;
  }
}
