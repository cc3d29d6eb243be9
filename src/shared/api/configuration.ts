import { z } from 'zod';
import { CONFIGURATION_DEFAULTS, DAYS_BEFORE_EXPIRATION_RANGE, PASSWORD_VALIDITY_DAYS_RANGE } from '../domain/configuration-defaults.js';
import { CONNECTION_PROBLEMS } from '../domain/graph-permissions.js';
import { isValidCheckTime, WEEKEND_PROCESSING_VALUES } from '../domain/schedule.js';
import { normalizeTimeZone } from '../domain/time-zones.js';
import { configurationMessages as messages } from '../domain/validation-messages.js';
import { groupIdList, refineGroupListsDisjoint } from './directory.js';
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
const TENANT_PATTERN = new RegExp(`^(?:${GUID_PATTERN.source.slice(1, -1)}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63})$`, 'i');

const requiredText = (message: string) => text(message).trim().min(1, message);

const wholeNumberIn = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

// Tiptap's empty document is '<p></p>': a template without any text is no template. A tag here
// cannot contain '<', so the scan stays linear however many unclosed '<' a template holds.
export const hasVisibleText = (html: string) => html.replace(/<[^<>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0;

/**
 * PUT and POST /api/configuration: the whole configuration. `clientSecret` is write-only: blank
 * or absent keeps the stored one. `timeZone` accepts the legacy 'UTC-5'-style values and labels as
 * well as any IANA zone, and is stored as the IANA zone.
 */
export const configurationBody = z
  .object({
    tenantId: requiredText(messages.tenantIdRequired).regex(TENANT_PATTERN, credentialMessages.tenantIdInvalid),
    azureDirectoryId: requiredText(messages.azureDirectoryIdRequired).regex(GUID_PATTERN, credentialMessages.azureDirectoryIdInvalid),
    applicationId: requiredText(messages.applicationIdRequired).regex(GUID_PATTERN, credentialMessages.applicationIdInvalid),
    clientSecret: text('Client secret must be text')
      .nullish()
      .transform((secret) => (secret === null || secret === undefined || secret.trim() === '' ? undefined : secret.trim())),
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
    automationEnabled: z.boolean({ error: 'Automation enabled must be true or false' }).default(CONFIGURATION_DEFAULTS.automationEnabled),
    includeGroups: groupIdList,
    excludeGroups: groupIdList,
    passwordValidityDays: wholeNumberIn(PASSWORD_VALIDITY_DAYS_RANGE, messages.passwordValidityDaysRange).default(
      CONFIGURATION_DEFAULTS.passwordValidityDays,
    ),
  })
  .superRefine(refineGroupListsDisjoint);
export type ConfigurationBody = z.infer<typeof configurationBody>;
export type ConfigurationInput = z.input<typeof configurationBody>;

export const connectionStatusValueSchema = z.enum(['connected', 'error', 'unknown']);
export type ConnectionStatusValue = z.infer<typeof connectionStatusValueSchema>;

/**
 * GET/PUT/POST /api/configuration response. Never carries the secret: only whether one is stored.
 * Before the first save: `configured: false`, the defaults of docs/product.md §Constants and empty credentials.
 */
export const configurationSchema = z.object({
  configured: z.boolean(),
  tenantId: z.string(),
  azureDirectoryId: z.string(),
  applicationId: z.string(),
  hasClientSecret: z.boolean(),
  clientSecretUpdatedAt: z.string().nullable(),
  fromEmail: z.string(),
  emailTemplate: z.string(),
  checkTime: z.string(),
  /** IANA zone, e.g. 'America/New_York' (shown as 'UTC-5 Eastern' via timeZoneLabel). */
  timeZone: z.string(),
  daysBeforeExpiration: z.number(),
  weekendProcessing: z.enum(WEEKEND_PROCESSING_VALUES),
  automationEnabled: z.boolean(),
  includeGroups: z.array(z.string()),
  excludeGroups: z.array(z.string()),
  passwordValidityDays: z.number(),
  updatedAt: z.string().nullable(),
});
export type Configuration = z.infer<typeof configurationSchema>;

export const connectionProblemSchema = z.enum(CONNECTION_PROBLEMS);

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

export const testStatusSchema = z.enum(['success', 'warning', 'error']);
export type TestStatus = z.infer<typeof testStatusSchema>;
export const testCheckSchema = z.object({ status: testStatusSchema, message: z.string() });
export type TestCheck = z.infer<typeof testCheckSchema>;

/** The verdict on the connection that a test records for the header badge; Test Connection reports it. */
export const connectionVerdictSchema = z.object({
  status: connectionStatusValueSchema.exclude(['unknown']),
  problem: connectionProblemSchema.nullable(),
  message: z.string(),
  missingPermissions: z.array(z.string()),
});
export type ConnectionVerdict = z.infer<typeof connectionVerdictSchema>;

export const TEST_CHECK_KEYS = ['tenantConnection', 'graphPermissions', 'emailTemplate', 'securityGroups'] as const;
export type TestCheckKey = (typeof TEST_CHECK_KEYS)[number];

/** POST /api/test-configuration (empty body): one real check per key against the tenant, and the connection verdict. */
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
  tenantId: z.string(),
  azureDirectoryId: z.string(),
  applicationId: z.string(),
  clientSecret: z.string(),
  /** The secret's ID: what not to paste (it answers AADSTS7000215). */
  clientSecretId: z.string(),
  fromEmail: z.string(),
});
export type DemoGraphCredentials = z.infer<typeof demoGraphCredentialsSchema>;
