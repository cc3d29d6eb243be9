import { eq } from 'drizzle-orm';
import type { ConfigurationBody } from '../../shared/api/configuration.js';
import { clientSecretExpiryProblem } from '../../shared/domain/client-secret-expiry.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { alertConfigurationChanged } from '../account-mail/index.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { SecretBoxError, type SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../db/client.js';
import { badRequest } from '../http/app-error.js';
import { configurations } from '../db/schema/index.js';
import { CONNECTION_FIELDS, describeChanges, diffConfiguration, settingChangesOf, type ConfigurationChange } from './configuration-changes.js';
import type { ConfigurationRow, ConfigurationSettings } from './configuration-store.js';
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
 * connection status until the next real check. An invalid expiry date answers 400 and writes nothing.
 */
export async function saveConfiguration(
  deps: { db: Database; secretBox: SecretBox; clock: Clock },
  tenantId: string,
  actorUserId: string,
  body: ConfigurationBody,
): Promise<SaveConfigurationResult> {
  const { db, secretBox } = deps;
  // The template goes to every user: stored without scripts, handlers or remote resources.
  const { clientSecret, clientSecretExpiresAt, ...settings } = { ...body, emailTemplate: sanitizeTemplate(body.emailTemplate) };
  const actorName = await actorNameOf(db, actorUserId);
  const now = deps.clock();
  return db.transaction(async (tx) => {
    const [previous] = await tx.select().from(configurations).where(eq(configurations.tenantId, tenantId)).for('update');
    // Connected with Microsoft: the tenant and app come only from a verified consent, never from
    // the form (another organization's consented tenant must not be one edit away), and no secret is kept.
    const pinned = previous?.connectionMethod === 'passwatch_app' ? previous : null;
    const givenSecret = pinned ? undefined : clientSecret;
    const secretChange = previous ? secretChangeOf(secretBox, previous.clientSecretEncrypted, givenSecret) : givenSecret ? 'stored' : null;
    const next: ConfigurationSettings = {
      ...settings,
      ...(pinned ? { entraTenantId: pinned.entraTenantId, azureDirectoryId: pinned.azureDirectoryId, applicationId: pinned.applicationId } : {}),
      clientSecretExpiresAt: recordedExpiry(previous ?? null, clientSecretExpiresAt, secretChange, localDateOf(now, settings.timeZone)),
    };
    const changes = previous ? diffConfiguration(previous, next, secretChange) : [];
    const connectionChanged = !previous || changes.some((change) => CONNECTION_FIELDS.has(change.field));
    const values = {
      ...next,
      ...(secretChange && givenSecret ? { clientSecretEncrypted: secretBox.seal(givenSecret), clientSecretUpdatedAt: now } : {}),
      ...(connectionChanged
        ? { connectionStatus: 'unknown' as const, connectionMessage: null, connectionProblem: null, missingPermissions: [], connectionCheckedAt: null }
        : {}),
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
        message: `Configuration created by ${actorName}${clientSecret ? ' (client secret stored)' : ''}`,
        actorUserId,
        details: { created: true, clientSecretStored: Boolean(clientSecret) },
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
    if (!previous || changes.length > 0)
      await alertConfigurationChanged(tx, tenantId, { actor: actorName, changes: previous ? settingChangesOf(changes) : null }, now);
    return { configuration: saved, changes, created: !previous };
  });
}

/**
 * The expiry date to store. A date given is checked against the organization's today; none given
 * keeps the stored one, except that a new secret without a date clears it: the stored date was the
 * old secret's (the dashboard then asks for the new one).
 */
function recordedExpiry(
  previous: ConfigurationRow | null,
  given: string | null | undefined,
  secretChange: 'stored' | 'replaced' | null,
  today: string,
): string | null {
  if (given === undefined) return secretChange ? null : (previous?.clientSecretExpiresAt ?? null);
  if (given === null) return null;
  const problem = clientSecretExpiryProblem({ expiresAt: given, today, newSecret: secretChange !== null, changed: given !== previous?.clientSecretExpiresAt });
  if (problem) throw badRequest(problem, { clientSecretExpiresAt: [problem] });
  return given;
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
