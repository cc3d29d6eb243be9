import { eq, sql } from 'drizzle-orm';
import { CONFIGURATION_FIELD_ORDER, type Configuration, type ConfigurationField, type ConfigurationWire } from '../../shared/api/configuration.js';
import { toWire } from '../../shared/api/entra-tenant-wire-name.js';
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
  db
    .select()
    .from(configurations)
    .where(eq(configurations.tenantId, sql.placeholder('tenantId')))
    .prepare('configuration_by_tenant'),
);

/** findConfiguration as one prepared statement, outside a transaction: the routes the dashboard calls on every load. */
export async function readConfiguration(db: Database, tenantId: string): Promise<ConfigurationRow | null> {
  const [row] = await configurationByTenant(db).execute({ tenantId });
  return row ?? null;
}

/** The settings a save writes, in our names: every body field but the write-only secret. */
export type ConfigurationSettings = Pick<ConfigurationRow, Exclude<ConfigurationField, 'clientSecret'>>;

const SETTING_FIELDS = CONFIGURATION_FIELD_ORDER.filter((field): field is keyof ConfigurationSettings => field !== 'clientSecret');

/** The row's settings: the columns named like the body's fields. */
function settingsOf(row: ConfigurationRow): ConfigurationSettings {
  return Object.fromEntries(SETTING_FIELDS.map((field) => [field, row[field]])) as ConfigurationSettings;
}

/** The API shape (in the API's names): never the secret, only whether one is stored. */
export function toConfigurationDto(row: ConfigurationRow | null): ConfigurationWire {
  return toWire(toConfiguration(row));
}

function toConfiguration(row: ConfigurationRow | null): Configuration {
  if (!row) {
    return {
      configured: false,
      connectionMethod: 'app_registration',
      entraTenantId: '',
      azureDirectoryId: '',
      applicationId: '',
      hasClientSecret: false,
      clientSecretUpdatedAt: null,
      clientSecretExpiresAt: null,
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
    connectionMethod: row.connectionMethod,
    ...settingsOf(row),
    hasClientSecret: row.clientSecretEncrypted !== null,
    clientSecretUpdatedAt: row.clientSecretUpdatedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
