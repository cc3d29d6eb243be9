// The header badge's verdict, kept true (docs/product.md §Screens and routes, Dashboard header): the stored outcome of
// the last real call to the tenant, re-verified when it is older than CONNECTION_STALE_MS, since a
// change in Entra (consent removed, secret revoked, a permission withdrawn) reaches Passwatch only
// through a call. Verifying asks Entra for a fresh token (an expired secret or a removed consent
// fails there) and reads its roles (a withdrawn permission).
import type { ConnectionStatus } from '../../shared/api/configuration.js';
import { GraphError } from '../integrations/graph/index.js';
import { findConfiguration } from './configuration-store.js';
import { getConnectionStatus, trackConnection } from './connection-status.js';
import { graphClientFor, graphConnectionOf, type TenantGraphDeps } from './graph-connection.js';

/** A verdict older than this is verified again when the badge asks for it. */
export const CONNECTION_STALE_MS = 10 * 60_000;
/** How long the badge's request waits for a verification; a slower one finishes in the background for the next read. */
const VERIFY_WAIT_MS = 5_000;

/** Verifications under way in this process, per organization: concurrent reads share one. */
const verifying = new Map<string, Promise<void>>();

/** GET /api/connection-status: the stored verdict, verified first when it is stale. */
export async function currentConnectionStatus(deps: TenantGraphDeps, tenantId: string): Promise<ConnectionStatus> {
  const status = await getConnectionStatus(deps.db, tenantId);
  if (!status.configured || !isStale(status.checkedAt, deps.clock())) return status;
  let verification = verifying.get(tenantId);
  if (!verification) {
    verification = verifyConnection(deps, tenantId).finally(() => verifying.delete(tenantId));
    verifying.set(tenantId, verification);
    // A failure after the wait must not go unhandled; within it, the race below rejects with it.
    verification.catch(() => {});
  }
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, VERIFY_WAIT_MS);
  });
  await Promise.race([verification, waited]).finally(() => clearTimeout(timer));
  return getConnectionStatus(deps.db, tenantId);
}

function isStale(checkedAt: string | null, now: Date): boolean {
  return checkedAt === null || now.getTime() - Date.parse(checkedAt) >= CONNECTION_STALE_MS;
}

/** One real sign-in to the tenant, its outcome recorded like any call's (trackConnection). */
async function verifyConnection(deps: TenantGraphDeps, tenantId: string): Promise<void> {
  const configuration = await findConfiguration(deps.db, tenantId);
  if (!configuration) return;
  const connection = graphConnectionOf(deps, configuration);
  // Nothing to sign in with: Test Connection says what to save; the stored verdict stands.
  if ('problem' in connection) return;
  const client = graphClientFor(deps, connection);
  try {
    await trackConnection(deps.db, tenantId, deps.clock, () => client.acquireToken({ forceRefresh: true }), client);
  } catch (error) {
    // Recorded as the connection's outcome; the badge shows it.
    if (!(error instanceof GraphError)) throw error;
  }
}
