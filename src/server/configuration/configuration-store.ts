import { eq, sql } from 'drizzle-orm';
import type { Configuration } from '../../shared/api/configuration.js';
import { CONFIGURATION_DEFAULTS } from '../../shared/domain/configuration-defaults.js';
import type { Database } from '../db/client.js';
import { preparedPerDatabase } from '../db/prepared-per-database.js';
import { configurations } from '../db/schema/index.js';

export type ConfigurationRow = typeof configurations.$inferSelect;

/** An organization's saved configuration, or null before the first save. */
export async function findConfiguration(db: Pick<Database, 'select'>, tenantId: string): Promise<ConfigurationRow | null> {
  const [row] = await db.select().from(configurations).where(eq(configurations.tenantId, tenantId));
  return row ?? null;
}

const configurationByTenant = preparedPerDatabase((db) =>
  db.select().from(configurations).where(eq(configurations.tenantId, sql.placeholder('tenantId'))).prepare('configuration_by_tenant'),
);

/** findConfiguration as one prepared statement, outside a transaction: the routes the dashboard calls on every load. */
export async function readConfiguration(db: Database, tenantId: string): Promise<ConfigurationRow | null> {
  const [row] = await configurationByTenant(db).execute({ tenantId });
  return row ?? null;
}

/** The API shape: never the secret, only whether one is stored. */
export function toConfigurationDto(row: ConfigurationRow | null): Configuration {
  if (!row) {
    return {
      configured: false,
      tenantId: '',
      azureDirectoryId: '',
      applicationId: '',
      hasClientSecret: false,
      clientSecretUpdatedAt: null,
      fromEmail: '',
      emailTemplate: '',
      ...CONFIGURATION_DEFAULTS,
      includeGroups: [],
      excludeGroups: [],
      updatedAt: null,
    };
  }
  return {
    configured: true,
    tenantId: row.entraTenantId,
    azureDirectoryId: row.azureDirectoryId,
    applicationId: row.applicationId,
    hasClientSecret: row.clientSecretEncrypted !== null,
    clientSecretUpdatedAt: row.clientSecretUpdatedAt?.toISOString() ?? null,
    fromEmail: row.fromEmail,
    emailTemplate: row.emailTemplate,
    checkTime: row.checkTime,
    timeZone: row.timeZone,
    daysBeforeExpiration: row.daysBeforeExpiration,
    weekendProcessing: row.weekendProcessing,
    automationEnabled: row.automationEnabled,
    includeGroups: row.includeGroups,
    excludeGroups: row.excludeGroups,
    passwordValidityDays: row.passwordValidityDays,
    updatedAt: row.updatedAt.toISOString(),
  };
}
