import { z } from 'zod';
import { clientSecretExpiryMessages } from '../domain/client-secret-expiry.js';
import { CONFIGURATION_DEFAULTS, DAYS_BEFORE_EXPIRATION_RANGE, PASSWORD_VALIDITY_DAYS_RANGE } from '../domain/configuration-defaults.js';
import { CONNECTION_METHODS } from '../domain/entra-connection.js';
import { CONNECTION_PROBLEMS } from '../domain/graph-permissions.js';
import { isLocalDate } from '../domain/local-date.js';
import { isValidCheckTime, WEEKEND_PROCESSING_VALUES } from '../domain/schedule.js';
import { normalizeTimeZone } from '../domain/time-zones.js';
import { configurationMessages as messages } from '../domain/validation-messages.js';
import { groupIdList, refineGroupListsDisjoint } from './directory.js';
import { fromWire, toWire } from './entra-tenant-wire-name.js';
import { GUID_PATTERN } from './guid.js';
import { refineTemplateBounds } from './template-bounds.js';
import { text } from './text-fields.js';

/** Texts of our own for the inputs whose documented rule is only 'required' (docs/product.md §Validation). */
export const credentialMessages = {
  azureDirectoryIdInvalid: 'Azure Directory ID must be the Directory (tenant) ID GUID from the app registration overview',
  applicationIdInvalid: 'Application ID must be the Application (client) ID GUID from the app registration overview',
  tenantIdInvalid: 'Tenant ID must be the Directory (tenant) ID or a domain such as contoso.onmicrosoft.com',
} as const;

// The token URL carries the tenant as a path segment: a GUID or a domain name, nothing else.
export const TENANT_PATTERN = new RegExp(`^(?:${GUID_PATTERN.source.slice(1, -1)}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63})$`, 'i');

const requiredText = (message: string) => text(message).trim().min(1, message);

const wholeNumberIn = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

// Tiptap's empty document is '<p></p>': a template without any text is no template. A tag here
// cannot contain '<', so the scan stays linear however many unclosed '<' a template holds.
export const hasVisibleText = (html: string) =>
  html
    .replace(/<[^<>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim().length > 0;

/** A calendar date 'YYYY-MM-DD' (a real one: '2027-02-30' is refused). */
const localDate = (message: string) => z.string({ error: message }).refine(isLocalDate, message);

/**
 * The configuration's fields in our names (the API's `tenantId` is `entraTenantId` here; see
 * entra-tenant-wire-name.ts), in the order the Configuration tab shows them: the form moves focus
 * to the first invalid field in this order.
 */
const configurationBodyShape = {
  entraTenantId: requiredText(messages.tenantIdRequired).regex(TENANT_PATTERN, credentialMessages.tenantIdInvalid),
  azureDirectoryId: requiredText(messages.azureDirectoryIdRequired).regex(GUID_PATTERN, credentialMessages.azureDirectoryIdInvalid),
  applicationId: requiredText(messages.applicationIdRequired).regex(GUID_PATTERN, credentialMessages.applicationIdInvalid),
  clientSecret: text('Client secret must be text')
    .nullish()
    .transform((secret) => (secret === null || secret === undefined || secret.trim() === '' ? undefined : secret.trim())),
  /** The secret's expiry as Entra shows it; absent keeps the stored date (a new secret clears it), null clears it. */
  clientSecretExpiresAt: localDate(clientSecretExpiryMessages.invalid).nullish(),
  fromEmail: z.string({ error: messages.fromEmailInvalid }).trim().pipe(z.email(messages.fromEmailInvalid)),
  emailTemplate: text(messages.emailTemplateRequired).superRefine(refineTemplateBounds).refine(hasVisibleText, messages.emailTemplateRequired),
  checkTime: requiredText(messages.checkTimeRequired).refine(isValidCheckTime, messages.checkTimeInvalid),
  timeZone: requiredText(messages.timeZoneRequired).transform((value, context) => {
    const zone = normalizeTimeZone(value);
    if (zone === null) {
      context.addIssue({ code: 'custom', message: messages.timeZoneInvalid });
      return z.NEVER;
    }
    return zone;
  }),
  daysBeforeExpiration: wholeNumberIn(DAYS_BEFORE_EXPIRATION_RANGE, messages.daysBeforeExpirationRange),
  weekendProcessing: z.enum(WEEKEND_PROCESSING_VALUES, { error: messages.weekendProcessingRequired }),
  passwordValidityDays: wholeNumberIn(PASSWORD_VALIDITY_DAYS_RANGE, messages.passwordValidityDaysRange).default(CONFIGURATION_DEFAULTS.passwordValidityDays),
  automationEnabled: z.boolean({ error: 'Automation enabled must be true or false' }).default(CONFIGURATION_DEFAULTS.automationEnabled),
  includeGroups: groupIdList,
  excludeGroups: groupIdList,
};

/**
 * PUT and POST /api/configuration: the whole configuration. `clientSecret` is write-only: blank
 * or absent keeps the stored one. `timeZone` accepts the legacy 'UTC-5'-style values and labels as
 * well as any IANA zone, and is stored as the IANA zone. Parsed, it carries our names.
 */
export const configurationBody = z
  .object(toWire(configurationBodyShape))
  .superRefine(refineGroupListsDisjoint)
  .transform((body) => fromWire(body));
export type ConfigurationBody = z.output<typeof configurationBody>;
/** The body as sent, in the API's names. */
export type ConfigurationInput = z.input<typeof configurationBody>;

/** Every field of the body, in the order above (the form's focus order). */
export const CONFIGURATION_FIELD_ORDER = Object.keys(configurationBodyShape) as ConfigurationField[];
export type ConfigurationField = keyof ConfigurationBody;

/**
 * How the change audit records a field: `value` with before and after, `text` only that it
 * changed (the template is too long to quote), `secret` whether it was stored or replaced (never
 * the value), `groups` the ids added and removed.
 */
export type ConfigurationAuditKind = 'value' | 'text' | 'secret' | 'groups';

/**
 * What the change audit knows of each field: one entry per body field, checked by the compiler,
 * so a new field cannot be left out of the audit. `connection`: the field decides which tenant and
 * app the server signs in to, so changing it resets the connection status.
 */
export const CONFIGURATION_FIELDS = {
  entraTenantId: { label: 'Tenant ID', audit: 'value', connection: true },
  azureDirectoryId: { label: 'Azure Directory ID', audit: 'value', connection: true },
  applicationId: { label: 'Application ID', audit: 'value', connection: true },
  clientSecret: { label: 'client secret', audit: 'secret', connection: true },
  clientSecretExpiresAt: { label: 'client secret expiry', audit: 'value', connection: false },
  fromEmail: { label: 'from email', audit: 'value', connection: false },
  emailTemplate: { label: 'email template', audit: 'text', connection: false },
  checkTime: { label: 'check time', audit: 'value', connection: false },
  timeZone: { label: 'time zone', audit: 'value', connection: false },
  daysBeforeExpiration: { label: 'days before expiration', audit: 'value', connection: false },
  weekendProcessing: { label: 'weekend processing', audit: 'value', connection: false },
  passwordValidityDays: { label: 'password validity days', audit: 'value', connection: false },
  automationEnabled: { label: 'automation', audit: 'value', connection: false },
  includeGroups: { label: 'include groups', audit: 'groups', connection: false },
  excludeGroups: { label: 'exclude groups', audit: 'groups', connection: false },
} as const satisfies Record<ConfigurationField, { label: string; audit: ConfigurationAuditKind; connection: boolean }>;

/** The fields the change audit records the given way. */
export type ConfigurationFieldOfKind<Kind extends ConfigurationAuditKind> = {
  [F in ConfigurationField]: (typeof CONFIGURATION_FIELDS)[F]['audit'] extends Kind ? F : never;
}[ConfigurationField];

export const connectionStatusValueSchema = z.enum(['connected', 'error', 'unknown']);
export type ConnectionStatusValue = z.infer<typeof connectionStatusValueSchema>;

/**
 * The settings as the API returns them, in our names: every body field but the write-only secret
 * (checked by the compiler). The web's form values and unsaved drafts are derived from it.
 */
export const configurationSettingsShape = {
  entraTenantId: z.string(),
  azureDirectoryId: z.string(),
  applicationId: z.string(),
  /** 'YYYY-MM-DD' as Entra shows it; null when not recorded. */
  clientSecretExpiresAt: z.string().nullable(),
  fromEmail: z.string(),
  emailTemplate: z.string(),
  checkTime: z.string(),
  /** IANA zone, e.g. 'America/New_York' (shown as 'UTC-5 Eastern' via timeZoneLabel). */
  timeZone: z.string(),
  daysBeforeExpiration: z.number(),
  weekendProcessing: z.enum(WEEKEND_PROCESSING_VALUES),
  passwordValidityDays: z.number(),
  automationEnabled: z.boolean(),
  includeGroups: z.array(z.string()),
  excludeGroups: z.array(z.string()),
} satisfies Record<Exclude<ConfigurationField, 'clientSecret'>, z.ZodType>;

/**
 * GET/PUT/POST /api/configuration response. Never carries the secret: only whether one is stored
 * and, when recorded, its expiry date.
 * Before the first save: `configured: false`, the defaults of docs/product.md §Constants and empty credentials.
 */
export const configurationSchema = z
  .object(
    toWire({
      configured: z.boolean(),
      /** How the server reaches the tenant; 'passwatch_app' after Connect with Microsoft (no IDs or secret to type). */
      connectionMethod: z.enum(CONNECTION_METHODS),
      hasClientSecret: z.boolean(),
      clientSecretUpdatedAt: z.string().nullable(),
      ...configurationSettingsShape,
      updatedAt: z.string().nullable(),
    }),
  )
  .transform((configuration) => fromWire(configuration));
/** The configuration in our names, as the web reads it. */
export type Configuration = z.output<typeof configurationSchema>;
/** What the API sends (`tenantId` for the Entra tenant). */
export type ConfigurationWire = z.input<typeof configurationSchema>;

const connectionProblemSchema = z.enum(CONNECTION_PROBLEMS);

/** GET /api/connection-status: what the dashboard header badge reads. */
export const connectionStatusSchema = z.object({
  configured: z.boolean(),
  connectionStatus: connectionStatusValueSchema,
  /** Why the last check failed, or what it found; null before any check. */
  message: z.string().nullable(),
  /** The class of the last failure (outage, throttling, permission, ...); null when connected. */
  problem: connectionProblemSchema.nullable(),
  /** Required application permissions the app's access token was not granted, by name. */
  missingPermissions: z.array(z.string()),
  checkedAt: z.string().nullable(),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

const testStatusSchema = z.enum(['success', 'warning', 'error']);
export type TestStatus = z.infer<typeof testStatusSchema>;
const testCheckSchema = z.object({ status: testStatusSchema, message: z.string() });
export type TestCheck = z.infer<typeof testCheckSchema>;

/** The verdict on the connection that a test records for the header badge; Test Connection reports it. */
const connectionVerdictSchema = z.object({
  status: connectionStatusValueSchema.exclude(['unknown']),
  problem: connectionProblemSchema.nullable(),
  message: z.string(),
  missingPermissions: z.array(z.string()),
});
export type ConnectionVerdict = z.infer<typeof connectionVerdictSchema>;

export const TEST_CHECK_KEYS = ['tenantConnection', 'graphPermissions', 'emailTemplate', 'securityGroups'] as const;
export type TestCheckKey = (typeof TEST_CHECK_KEYS)[number];

const TEST_RUN_KINDS = ['configuration', 'connection', 'system'] as const;
/** Which button ran the test (Test Configuration, Test Connection, Run Full System Test): named in Recent Activity. */
export type TestRunKind = (typeof TEST_RUN_KINDS)[number];

/** POST /api/test-configuration: `kind` defaults to 'configuration' (an empty body). */
export const testConfigurationBody = z
  .object({ kind: z.enum(TEST_RUN_KINDS, { error: 'kind must be one of: configuration, connection, system' }).default('configuration') })
  .strict();

/** POST /api/test-configuration: one real check per key against the tenant, and the connection verdict. */
export const testConfigurationResponse = z.object({
  tenantConnection: testCheckSchema,
  graphPermissions: testCheckSchema,
  emailTemplate: testCheckSchema,
  securityGroups: testCheckSchema,
  connection: connectionVerdictSchema,
});
export type TestConfigurationResult = z.infer<typeof testConfigurationResponse>;

/** GET /api/demo/graph-credentials (demo mode only): the simulated tenant's app registration, for the Setup Guide. */
export const demoGraphCredentialsSchema = z.object({
  /** The Entra tenant (this demo-only answer uses our name, not the configuration API's `tenantId`). */
  entraTenantId: z.string(),
  azureDirectoryId: z.string(),
  applicationId: z.string(),
  clientSecret: z.string(),
  /** The secret's ID: what not to paste (it answers AADSTS7000215). */
  clientSecretId: z.string(),
  fromEmail: z.string(),
});
export type DemoGraphCredentials = z.infer<typeof demoGraphCredentialsSchema>;
