import { useEffect, useRef } from 'react';
import { CLIENT_SECRET_WARNING_DAYS, suggestedClientSecretExpiry, SUGGESTED_SECRET_LIFETIME_MONTHS } from '../../../../shared/domain/client-secret-expiry';
import { useConfigurationForm } from '../hooks/configuration-form';
import { formatLocalDay, organizationToday } from '../utils/client-secret-expiry-field';
import { ConfigurationTextField } from './configuration-text-field';

/**
 * When the client secret expires, as Entra shows it. While a new secret is typed the form puts in
 * the suggested date (24 months from today) and says so; `suggestWhenEmpty` (the Setup Guide, where
 * the secret is being created) puts it in at once when no date is there yet.
 */
export function ClientSecretExpiryField({ controlId, suggestWhenEmpty = false }: { controlId?: string; suggestWhenEmpty?: boolean }) {
  const { values, setField } = useConfigurationForm();
  const suggested = suggestedClientSecretExpiry(organizationToday(values?.timeZone ?? 'UTC', Date.now()));
  const loaded = values !== null;
  const empty = values?.clientSecretExpiresAt === '';
  const suggestedOnce = useRef(false);
  useEffect(() => {
    if (!suggestWhenEmpty || !loaded || suggestedOnce.current) return;
    suggestedOnce.current = true;
    if (empty) setField('clientSecretExpiresAt', suggested);
  }, [suggestWhenEmpty, loaded, empty, setField, suggested]);

  const showsSuggestion = values?.clientSecretExpiresAt === suggested && (suggestWhenEmpty || (values?.clientSecret.trim() ?? '') !== '');
  const warningDays = CLIENT_SECRET_WARNING_DAYS.join(', ');
  return (
    <ConfigurationTextField
      field="clientSecretExpiresAt"
      controlId={controlId}
      label="Client Secret Expires"
      type="date"
      hint={
        showsSuggestion
          ? `Suggested: ${formatLocalDay(suggested)}, ${SUGGESTED_SECRET_LIFETIME_MONTHS} months from today (the longest lifetime Entra recommends). ` +
            'Change it to the Expires date Entra shows for the new secret.'
          : `The Expires date Entra shows for the secret under Certificates & secrets. The dashboard warns ${warningDays} days before.`
      }
    />
  );
}
