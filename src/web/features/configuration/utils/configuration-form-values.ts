import { z } from 'zod';
import { configurationSettingsShape, type Configuration, type ConfigurationBody, type ConfigurationInput } from '../../../../shared/api/configuration';
import { toWire } from '../../../../shared/api/entra-tenant-wire-name';

type SettingsShape = typeof configurationSettingsShape;
type FormShape = { [F in Exclude<keyof SettingsShape, 'automationEnabled'>]: SettingsShape[F] extends z.ZodNumber ? z.ZodString : SettingsShape[F] };

function formShapeOf(settings: SettingsShape): FormShape {
  const { automationEnabled: _ownedByOverview, ...edited } = settings;
  const entries = Object.entries(edited).map(([field, schema]) => [field, schema instanceof z.ZodNumber ? z.string() : schema]);
  return Object.fromEntries(entries) as FormShape;
}

/**
 * What the Configuration tab edits, derived from the contract's settings: a field added there is
 * here too. Number fields stay text while typed (an emptied field must not turn into 0), the
 * expiry date is '' when none is recorded (what a date input holds), and `automationEnabled` is
 * not here: the Overview switch owns it.
 */
export const configurationFormValuesSchema = z.object({
  ...formShapeOf(configurationSettingsShape),
  /** Write-only: empty keeps the saved secret; never stored in the browser. */
  clientSecret: z.string(),
  clientSecretExpiresAt: z.string(),
});
export type ConfigurationFormValues = z.infer<typeof configurationFormValuesSchema>;

export type ConfigurationFormField = keyof ConfigurationFormValues;

/** The credentials the Setup Guide can fill in (demo mode offers a ready-made set). */
export type ConfigurationCredentials = Pick<ConfigurationFormValues, 'entraTenantId' | 'azureDirectoryId' | 'applicationId' | 'clientSecret' | 'fromEmail'>;

/**
 * The form as the saved configuration shows it. Before the first save the server sends the
 * defaults with an empty template: the default template fills it when there is one.
 */
export function toFormValues(configuration: Configuration, defaultTemplate: string | null): ConfigurationFormValues {
  return {
    entraTenantId: configuration.entraTenantId,
    azureDirectoryId: configuration.azureDirectoryId,
    applicationId: configuration.applicationId,
    clientSecret: '',
    clientSecretExpiresAt: configuration.clientSecretExpiresAt ?? '',
    fromEmail: configuration.fromEmail,
    emailTemplate: configuration.emailTemplate === '' ? (defaultTemplate ?? '') : configuration.emailTemplate,
    checkTime: configuration.checkTime,
    timeZone: configuration.timeZone,
    daysBeforeExpiration: String(configuration.daysBeforeExpiration),
    weekendProcessing: configuration.weekendProcessing,
    passwordValidityDays: String(configuration.passwordValidityDays),
    includeGroups: [...configuration.includeGroups],
    excludeGroups: [...configuration.excludeGroups],
  };
}

// null (not undefined) for an empty field: the contract's defaults must not fill in a field the
// user cleared; its range message shows instead.
function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The save payload before validation (in the API's names): an emptied number field is null, which the contract rejects. */
export type ConfigurationPayload = Omit<ConfigurationInput, 'daysBeforeExpiration' | 'passwordValidityDays'> & {
  daysBeforeExpiration: number | null;
  passwordValidityDays: number | null;
};

/**
 * The save payload: the whole configuration. A blank secret is left out (docs/product.md §Fields) so the
 * saved one is kept; an empty expiry date is null; `automationEnabled` is passed through from the saved configuration.
 */
export function toConfigurationPayload(values: ConfigurationFormValues, automationEnabled: boolean): ConfigurationPayload {
  const { clientSecret, clientSecretExpiresAt, daysBeforeExpiration, passwordValidityDays, ...rest } = values;
  return toWire({
    ...rest,
    ...(clientSecret.trim() === '' ? {} : { clientSecret }),
    clientSecretExpiresAt: clientSecretExpiresAt === '' ? null : clientSecretExpiresAt,
    daysBeforeExpiration: numberOrNull(daysBeforeExpiration),
    passwordValidityDays: numberOrNull(passwordValidityDays),
    automationEnabled,
  });
}

const CONNECTION_FIELDS = ['entraTenantId', 'azureDirectoryId', 'applicationId'] as const;

/** True when a save changes what the server signs in to the tenant with (so groups must reload). */
export function changesConnection(before: Configuration, sent: ConfigurationBody): boolean {
  if (sent.clientSecret !== undefined) return true;
  return CONNECTION_FIELDS.some((field) => before[field].toLowerCase() !== sent[field].toLowerCase());
}
