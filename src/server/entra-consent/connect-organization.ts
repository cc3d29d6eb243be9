import { and, eq, ne } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS } from '../../shared/domain/configuration-defaults.js';
import type { EntraConsentResult } from '../../shared/domain/entra-connection.js';
import { missingGraphPermissions } from '../../shared/domain/graph-permissions.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { type AppIdentity, graphClientForTenant, recordConnectionOutcome, type TenantGraphDeps } from '../configuration/index.js';
import { configurations } from '../db/schema/index.js';
import type { AdminProof } from './admin-proof.js';
import { accessTokenClaims, GraphError, NO_SERVICE_PRINCIPAL_CODE } from '../integrations/graph/index.js';
import { DEFAULT_EMAIL_TEMPLATE } from '../notifications/index.js';

const TENANT_NOT_FOUND_CODE = 'AADSTS90002';

export interface ConnectInput {
  organizationId: string;
  actorUserId: string;
  /** The tenant the administrator's signed-in ID token proved (and Microsoft's consent answer named). */
  entraTenantId: string;
  /** Who granted the consent, as their ID token says. */
  consentedBy: AdminProof;
}

export type ConnectOutcome = { result: 'connected' } | { result: Exclude<EntraConsentResult, 'connected'>; reason: string };

/**
 * Records that the organization reaches its tenant through the Passwatch app, once the tenant has
 * proven it: an administrator of the tenant signed in during the flow (admin-proof.ts), and the app
 * asks Entra for a token in that tenant to see the consent took effect. Only a tenant where the
 * app really has a service principal is recorded, and only for one organization. The connection's
 * fields are replaced (a stored client secret is dropped: none is needed any more), the rest of
 * the configuration is kept, or a new one is created from the defaults with automation off until
 * the admin saves a From Email.
 */
export async function connectOrganization(deps: TenantGraphDeps, app: AppIdentity, input: ConnectInput): Promise<ConnectOutcome> {
  const client = graphClientForTenant(deps, input.entraTenantId, app);
  let token: string;
  try {
    token = await client.acquireToken({ forceRefresh: true });
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    if (error.code === TENANT_NOT_FOUND_CODE) return { result: 'unknown_tenant', reason: error.code };
    if (error.code === NO_SERVICE_PRINCIPAL_CODE) return { result: 'consent_not_found', reason: error.code };
    return { result: 'failed', reason: `${error.code}: ${error.actionableMessage}` };
  }
  const claims = accessTokenClaims(token);
  // The token names its directory by id: the one recorded, whatever form the answer used.
  const directoryId = (claims.entraTenantId ?? input.entraTenantId).toLowerCase();
  if (directoryId !== input.entraTenantId.toLowerCase())
    return { result: 'failed', reason: `Entra issued a token for tenant ${directoryId}, not ${input.entraTenantId}` };
  const now = deps.clock();
  const { consentedBy } = input;
  const actorName = await actorNameOf(deps.db, input.actorUserId);
  const recorded = await deps.db.transaction(async (tx) => {
    const [elsewhere] = await tx
      .select({ tenantId: configurations.tenantId })
      .from(configurations)
      .where(
        and(
          eq(configurations.connectionMethod, 'passwatch_app'),
          eq(configurations.azureDirectoryId, directoryId),
          ne(configurations.tenantId, input.organizationId),
        ),
      );
    if (elsewhere) return false;
    const connection = {
      connectionMethod: 'passwatch_app' as const,
      entraTenantId: directoryId,
      azureDirectoryId: directoryId,
      applicationId: app.clientId,
      clientSecretEncrypted: null,
      clientSecretUpdatedAt: null,
      clientSecretExpiresAt: null,
      connectionStatus: 'unknown' as const,
      connectionMessage: null,
      connectionProblem: null,
      missingPermissions: [],
      connectionCheckedAt: null,
      updatedAt: now,
      updatedByUserId: input.actorUserId,
    };
    const [previous] = await tx
      .select({ method: configurations.connectionMethod, secret: configurations.clientSecretEncrypted })
      .from(configurations)
      .where(eq(configurations.tenantId, input.organizationId))
      .for('update');
    await tx
      .insert(configurations)
      .values({
        tenantId: input.organizationId,
        ...connection,
        fromEmail: '',
        emailTemplate: DEFAULT_EMAIL_TEMPLATE,
        ...CONFIGURATION_DEFAULTS,
        // Nothing is sent before the admin has saved a From Email.
        automationEnabled: false,
      })
      .onConflictDoUpdate({ target: configurations.tenantId, set: connection });
    const droppedSecret = previous?.secret != null ? ' (the stored client secret was deleted)' : '';
    await recordAudit(tx, input.organizationId, {
      category: 'configuration',
      status: 'success',
      message:
        `Connected with Microsoft by ${actorName}: tenant ${directoryId} via the Passwatch app, consent granted by ` +
        `${consentedBy.username} (${consentedBy.role})${droppedSecret}`,
      actorUserId: input.actorUserId,
      details: {
        connectionMethod: 'passwatch_app',
        entraTenantId: directoryId,
        previousMethod: previous?.method ?? null,
        consentedBy: { objectId: consentedBy.objectId, username: consentedBy.username, role: consentedBy.role },
      },
      createdAt: now,
    });
    return true;
  });
  if (!recorded) return { result: 'tenant_in_use', reason: `tenant ${directoryId} is connected to another organization` };
  // The token just issued says what was granted: the badge shows connected, or what is missing.
  const missingPermissions = claims.roles === null ? undefined : missingGraphPermissions(claims.roles);
  await recordConnectionOutcome(
    deps.db,
    input.organizationId,
    { status: 'connected', message: 'Connected via the Passwatch app', ...(missingPermissions ? { missingPermissions } : {}) },
    now,
  );
  return { result: 'connected' };
}
