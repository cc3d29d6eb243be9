import { eq } from 'drizzle-orm';
import type { ConnectionStatus, ConnectionStatusValue } from '../../shared/api/configuration.js';
import { describeMissingPermissions, type ConnectionProblem } from '../../shared/domain/graph-permissions.js';
import { alertConnectionOutcome } from '../account-mail/index.js';
import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { configurations } from '../db/schema/index.js';
import { type GraphClient, GraphError, missingPermissionsOf, NO_SERVICE_PRINCIPAL_CODE } from '../integrations/graph/index.js';
import { findConfiguration } from './configuration-store.js';

export interface ConnectionOutcome {
  status: Exclude<ConnectionStatusValue, 'unknown'>;
  message: string;
  /** The class of an error; an error that names none is recorded as 'unexpected'. */
  problem?: ConnectionProblem | null;
  /**
   * Required permissions the token's roles lacked. Undefined when no token was looked at: the
   * stored finding stands, since only a token's roles can show that consent was granted since.
   */
  missingPermissions?: readonly string[];
}

/** The class of problem a failed call to the tenant shows. */
export function connectionProblemOf(error: GraphError): ConnectionProblem {
  switch (error.kind) {
    case 'credentials':
      // No service principal in the tenant: consent never given, or removed since.
      return error.code === NO_SERVICE_PRINCIPAL_CODE ? 'consent_missing' : 'credentials';
    case 'permission':
      return 'permission';
    case 'throttled':
      return 'throttled';
    case 'unavailable':
      return 'outage';
    case 'timeout':
    case 'network':
      return 'unreachable';
    default:
      return 'unexpected';
  }
}

/** The tenant answered, but the app lacks required permissions: a connection that cannot do its job. */
function missingPermissionsOutcome(missing: readonly string[]): ConnectionOutcome {
  return { status: 'error', problem: 'permission', message: describeMissingPermissions(missing), missingPermissions: missing };
}

/** What the dashboard badge shows for an organization. */
export async function getConnectionStatus(db: Database, tenantId: string): Promise<ConnectionStatus> {
  const row = await findConfiguration(db, tenantId);
  if (!row) return { configured: false, connectionStatus: 'unknown', message: null, problem: null, missingPermissions: [], checkedAt: null };
  return {
    configured: true,
    connectionStatus: row.connectionStatus,
    message: row.connectionMessage,
    problem: row.connectionProblem,
    missingPermissions: row.missingPermissions,
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
      .select({ status: configurations.connectionStatus, missingPermissions: configurations.missingPermissions })
      .from(configurations)
      .where(eq(configurations.tenantId, tenantId))
      .for('update');
    if (!previous) return;
    const missingPermissions = outcome.missingPermissions ?? previous.missingPermissions;
    // A call that worked says nothing about permissions it did not use: a known gap stays reported.
    const settled = outcome.status === 'connected' && missingPermissions.length > 0 ? missingPermissionsOutcome(missingPermissions) : outcome;
    await tx
      .update(configurations)
      .set({
        connectionStatus: settled.status,
        connectionMessage: settled.message,
        connectionProblem: settled.status === 'connected' ? null : (settled.problem ?? 'unexpected'),
        missingPermissions: [...missingPermissions],
        connectionCheckedAt: checkedAt,
      })
      .where(eq(configurations.tenantId, tenantId));
    await alertConnectionOutcome(
      tx,
      tenantId,
      {
        previousStatus: previous.status,
        previousMissingPermissions: previous.missingPermissions,
        status: settled.status,
        problem: settled.problem ?? null,
        message: settled.message,
        missingPermissions,
      },
      checkedAt,
    );
    if (previous.status === settled.status) return;
    await recordAudit(tx, tenantId, {
      category: 'connection',
      status: settled.status === 'connected' ? 'success' : 'error',
      message: settled.status === 'connected' ? 'Connected to the Entra tenant' : `Connection to the Entra tenant failed: ${settled.message}`,
      createdAt: checkedAt,
    });
  });
}

/** Failures that say nothing about the connection itself: a deleted group, a sender without mailbox. */
function isConnectionFailure(error: GraphError): boolean {
  return error.kind !== 'not_found' && error.kind !== 'mailbox';
}

/**
 * Runs a call to the tenant and records what it says about the connection: success -> connected
 * (or the permissions `client`'s token lacks), a GraphError about the connection -> error with its
 * class and message. The call's result or error passes through.
 */
export async function trackConnection<T>(db: Database, tenantId: string, now: () => Date, call: () => Promise<T>, client?: GraphClient): Promise<T> {
  try {
    const result = await call();
    const missingPermissions = client ? await missingPermissionsOf(client) : undefined;
    await recordConnectionOutcome(db, tenantId, { status: 'connected', message: 'Connected', ...(missingPermissions ? { missingPermissions } : {}) }, now());
    return result;
  } catch (error) {
    if (error instanceof GraphError && isConnectionFailure(error)) {
      // A refusal for want of a permission: the token's roles name every one that is missing.
      const missingPermissions = client && error.kind === 'permission' ? await missingPermissionsOf(client) : undefined;
      const outcome: ConnectionOutcome = { status: 'error', problem: connectionProblemOf(error), message: error.actionableMessage };
      await recordConnectionOutcome(db, tenantId, missingPermissions ? { ...outcome, missingPermissions } : outcome, now());
    }
    throw error;
  }
}
