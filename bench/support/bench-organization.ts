// What every benchmark sets up the same way: the settings an app needs but a benchmark never calls,
// and an organization whose configuration points at one of the Graph simulator's tenants.
import { randomBytes } from 'node:crypto';
import { configurationBody } from '../../src/shared/api/configuration.js';
import { type AppConfig, loadConfig } from '../../src/server/config.js';
import { saveConfiguration } from '../../src/server/configuration/save-configuration.js';
import type { SecretBox } from '../../src/server/crypto/secret-box.js';
import type { Database } from '../../src/server/db/client.js';
import { memberships, tenants, users } from '../../src/server/db/schema/index.js';
import { DEFAULT_EMAIL_TEMPLATE } from '../../src/server/notifications/default-template.js';

/** Sign-in and PayPal settings loadConfig requires; no benchmark signs in or bills, so none is reachable. */
export const UNUSED_PROVIDER_SETTINGS = {
  OIDC_ISSUER_URL: 'http://127.0.0.1:1/unused',
  OIDC_CLIENT_ID: 'bench',
  OIDC_CLIENT_SECRET: 'bench',
  PAYPAL_CLIENT_ID: 'bench',
  PAYPAL_CLIENT_SECRET: 'bench',
  PAYPAL_WEBHOOK_ID: 'WH-BENCH',
} as const;

/** The app's settings for a benchmark: production mode on loopback, request logging at info, a fresh encryption key. */
export function benchAppConfig(): AppConfig {
  return loadConfig({
    NODE_ENV: 'production',
    APP_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'info',
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...UNUSED_PROVIDER_SETTINGS,
  });
}

/** A tenant the Graph simulator's control API created (`POST /_control/tenants`). */
export interface SimulatedTenant {
  directoryId: string;
  applicationId: string;
  clientSecret: string;
  fromEmail: string;
}

/**
 * An owner, an organization with an active subscription, and its configuration saved (through the
 * app's own save) for `tenant`: checked daily at 08:00 in `timeZone`, reminders 7 days ahead.
 */
export async function createBenchOrganization(
  deps: { db: Database; secretBox: SecretBox; clock: () => Date },
  tenant: SimulatedTenant,
  options: { index: number; timeZone: string },
): Promise<string> {
  const { db } = deps;
  const { index } = options;
  const [owner] = await db
    .insert(users)
    .values({ issuer: 'https://bench.test', subject: `owner-${index}`, email: `owner${index}@example.com` })
    .returning();
  const [organization] = await db
    .insert(tenants)
    .values({ name: `Bench ${index}`, domain: `bench${index}.example.com`, subscriptionStatus: 'active' })
    .returning();
  await db.insert(memberships).values({ tenantId: organization!.id, userId: owner!.id, role: 'owner' });
  const body = configurationBody.parse({
    tenantId: tenant.directoryId,
    azureDirectoryId: tenant.directoryId,
    applicationId: tenant.applicationId,
    clientSecret: tenant.clientSecret,
    fromEmail: tenant.fromEmail,
    emailTemplate: DEFAULT_EMAIL_TEMPLATE,
    checkTime: '08:00',
    timeZone: options.timeZone,
    daysBeforeExpiration: 7,
    weekendProcessing: 'include',
  });
  await saveConfiguration(deps, organization!.id, owner!.id, body);
  return organization!.id;
}
