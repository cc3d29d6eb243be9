import { eq } from 'drizzle-orm';
import type { ConfigurationBody } from '../../shared/api/configuration.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { SecretBoxError, type SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../db/client.js';
import { configurations } from '../db/schema/index.js';
import { CONNECTION_FIELDS, describeChanges, diffConfiguration, type ConfigurationChange } from './configuration-changes.js';
import type { ConfigurationRow } from './configuration-store.js';
import { sanitizeTemplate } from '../mail/index.js';

export interface SaveConfigurationResult {
  configuration: ConfigurationRow;
  /** Empty when the save changed nothing (and wrote no audit entry). */
  changes: ConfigurationChange[];
  created: boolean;
}

/**
 * Saves an organization's whole configuration. The secret is encrypted before it reaches the
 * database and kept when none is given. A change is written to the audit log with the same
 * transaction, naming who changed what (never the secret). New connection settings reset the
 * connection status until the next real check.
 */
export async function saveConfiguration(
  deps: { db: Database; secretBox: SecretBox; clock: Clock },
  tenantId: string,
  actorUserId: string,
  body: ConfigurationBody,
): Promise<SaveConfigurationResult> {
  const { db, secretBox } = deps;
  // The template goes to every user: stored without scripts, handlers or remote resources.
  const input = { ...body, emailTemplate: sanitizeTemplate(body.emailTemplate) };
  const actorName = await actorNameOf(db, actorUserId);
  const now = deps.clock();
  return db.transaction(async (tx) => {
    const [previous] = await tx.select().from(configurations).where(eq(configurations.tenantId, tenantId)).for('update');
    const secretChange = previous ? secretChangeOf(secretBox, previous.clientSecretEncrypted, input.clientSecret) : input.clientSecret ? 'stored' : null;
    const changes = previous ? diffConfiguration(previous, input, secretChange) : [];
    const connectionChanged = !previous || changes.some((change) => CONNECTION_FIELDS.has(change.field));
    const values = {
      entraTenantId: input.tenantId,
      azureDirectoryId: input.azureDirectoryId,
      applicationId: input.applicationId,
      fromEmail: input.fromEmail,
      emailTemplate: input.emailTemplate,
      checkTime: input.checkTime,
      timeZone: input.timeZone,
      daysBeforeExpiration: input.daysBeforeExpiration,
      weekendProcessing: input.weekendProcessing,
      automationEnabled: input.automationEnabled,
      includeGroups: input.includeGroups,
      excludeGroups: input.excludeGroups,
      passwordValidityDays: input.passwordValidityDays,
      ...(secretChange && input.clientSecret ? { clientSecretEncrypted: secretBox.seal(input.clientSecret), clientSecretUpdatedAt: now } : {}),
      ...(connectionChanged ? { connectionStatus: 'unknown' as const, connectionMessage: null, connectionProblem: null, missingPermissions: [], connectionCheckedAt: null } : {}),
      ...(previous && changes.length === 0 ? {} : { updatedAt: now, updatedByUserId: actorUserId }),
    };
    const [saved] = await tx
      .insert(configurations)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: configurations.tenantId, set: values })
      .returning();
    if (!saved) throw new Error('configuration upsert returned no row');
    if (!previous) {
      await recordAudit(tx, tenantId, {
        category: 'configuration',
        status: 'success',
        message: `Configuration created by ${actorName}${input.clientSecret ? ' (client secret stored)' : ''}`,
        actorUserId,
        details: { created: true, clientSecretStored: Boolean(input.clientSecret) },
        createdAt: now,
      });
    } else if (changes.length > 0) {
      await recordAudit(tx, tenantId, {
        category: 'configuration',
        status: 'success',
        message: `Configuration updated by ${actorName}: ${describeChanges(changes)}`,
        actorUserId,
        details: { changes },
        createdAt: now,
      });
    }
    return { configuration: saved, changes, created: !previous };
  });
}

/** Whether a given secret differs from the stored one; a stored value the key cannot open counts as different. */
function secretChangeOf(secretBox: SecretBox, storedEncrypted: string | null, given: string | undefined): 'stored' | 'replaced' | null {
  if (given === undefined) return null;
  if (storedEncrypted === null) return 'stored';
  try {
    return secretBox.open(storedEncrypted) === given ? null : 'replaced';
  } catch (error) {
    if (error instanceof SecretBoxError) return 'replaced';
    throw error;
  }
}
