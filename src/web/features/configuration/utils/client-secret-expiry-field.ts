import type { Configuration } from '../../../../shared/api/configuration';
import { clientSecretExpiryProblem, suggestedClientSecretExpiry } from '../../../../shared/domain/client-secret-expiry';
import { localDateOf } from '../../../../shared/domain/days-until';
import { utcMidnightOf } from '../../../../shared/domain/local-date';
import { isValidIanaTimeZone } from '../../../../shared/domain/time-zones';
import { formatDateUs } from '../../../../shared/domain/us-format';
import type { ConfigurationFormValues } from './configuration-form-values';

/** Today on the organization's calendar (UTC while the zone field holds no valid zone). */
export function organizationToday(timeZone: string, now: number): string {
  return localDateOf(new Date(now), isValidIanaTimeZone(timeZone) ? timeZone : 'UTC');
}

/** A calendar date as the app shows dates ('12/1/2026'). */
export function formatLocalDay(date: string): string {
  return formatDateUs(new Date(utcMidnightOf(date)), 'UTC');
}

/**
 * Edits with the expiry date a new secret needs: typing a secret while the date still is the
 * saved one (the old secret's) puts in the suggested date, 24 months from today, for the admin to
 * check against what Entra shows. A date the admin already chose is left alone.
 */
export function withSuggestedExpiry(
  shown: ConfigurationFormValues,
  saved: ConfigurationFormValues | null,
  changes: Partial<ConfigurationFormValues>,
  today: string,
): Partial<ConfigurationFormValues> {
  const secret = changes.clientSecret;
  if (secret === undefined || secret.trim() === '' || 'clientSecretExpiresAt' in changes) return changes;
  if (shown.clientSecretExpiresAt !== (saved?.clientSecretExpiresAt ?? '')) return changes;
  return { ...changes, clientSecretExpiresAt: suggestedClientSecretExpiry(today) };
}

/**
 * The form's check of the expiry date beyond its format: a new secret must come with its date
 * (the API alone would clear the old one), not in the past, and a changed date within 24 months.
 */
export function expiryFieldProblem(values: ConfigurationFormValues, saved: Configuration, today: string): string | null {
  const expiresAt = values.clientSecretExpiresAt === '' ? null : values.clientSecretExpiresAt;
  return clientSecretExpiryProblem({
    expiresAt,
    today,
    newSecret: values.clientSecret.trim() !== '',
    changed: expiresAt !== saved.clientSecretExpiresAt,
  });
}
