import type { Configuration, ConfigurationBody, ConfigurationInput } from '../../../../shared/api/configuration';
import type { WeekendProcessing } from '../../../../shared/domain/schedule';

/**
 * What the Configuration tab edits. Number fields stay text while typed (an emptied field must
 * not turn into 0); `automationEnabled` is not here: the Overview switch owns it.
 */
export interface ConfigurationFormValues {
  tenantId: string;
  azureDirectoryId: string;
  applicationId: string;
  /** Write-only: empty keeps the saved secret; never stored in the browser. */
  clientSecret: string;
  fromEmail: string;
  emailTemplate: string;
  checkTime: string;
  timeZone: string;
  daysBeforeExpiration: string;
  weekendProcessing: WeekendProcessing;
  passwordValidityDays: string;
  includeGroups: string[];
  excludeGroups: string[];
}

export type ConfigurationFormField = keyof ConfigurationFormValues;

/** The credentials the Setup Guide can fill in (demo mode offers a ready-made set). */
export type ConfigurationCredentials = Pick<
  ConfigurationFormValues,
  'tenantId' | 'azureDirectoryId' | 'applicationId' | 'clientSecret' | 'fromEmail'
>;

/**
 * The form as the saved configuration shows it. Before the first save the server sends the
 * defaults with an empty template: the default template fills it when there is one.
 */
export function toFormValues(configuration: Configuration, defaultTemplate: string | null): ConfigurationFormValues {
  return {
    tenantId: configuration.tenantId,
    azureDirectoryId: configuration.azureDirectoryId,
    applicationId: configuration.applicationId,
    clientSecret: '',
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

/** The save payload before validation: an emptied number field is null, which the contract rejects. */
export type ConfigurationPayload = Omit<ConfigurationInput, 'daysBeforeExpiration' | 'passwordValidityDays'> & {
  daysBeforeExpiration: number | null;
  passwordValidityDays: number | null;
};

/**
 * The save payload: the whole configuration. A blank secret is left out (docs/product.md §Fields) so the
 * saved one is kept; `automationEnabled` is passed through from the saved configuration.
 */
export function toConfigurationPayload(values: ConfigurationFormValues, automationEnabled: boolean): ConfigurationPayload {
  const { clientSecret, daysBeforeExpiration, passwordValidityDays, ...rest } = values;
  return {
    ...rest,
    ...(clientSecret.trim() === '' ? {} : { clientSecret }),
    daysBeforeExpiration: numberOrNull(daysBeforeExpiration),
    passwordValidityDays: numberOrNull(passwordValidityDays),
    automationEnabled,
  };
}

const CONNECTION_FIELDS = ['tenantId', 'azureDirectoryId', 'applicationId'] as const;

/** True when a save changes what the server signs in to the tenant with (so groups must reload). */
export function changesConnection(before: Configuration, sent: ConfigurationBody): boolean {
  if (sent.clientSecret !== undefined) return true;
  return CONNECTION_FIELDS.some((field) => before[field].toLowerCase() !== sent[field].toLowerCase());
}
