import type { ReactNode } from 'react';
import { KeyRoundIcon } from 'lucide-react';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { useConfigurationForm } from '../hooks/configuration-form';
import { ClientSecretExpiryField } from './client-secret-expiry-field';
import { ConfigurationTextField } from './configuration-text-field';

/**
 * Tenant connection: the app registration's IDs, its client secret (write-only) and the sender.
 * `microsoftConnection` is Connect with Microsoft (or, once connected that way, its status and
 * Reconnect); an organization connected via the Passwatch app has no IDs or secret to type.
 */
export function CredentialsCard({ microsoftConnection }: { microsoftConnection?: ReactNode }) {
  const { configuration } = useConfigurationForm();
  const viaPasswatchApp = configuration?.connectionMethod === 'passwatch_app';
  const secretSaved = configuration?.hasClientSecret ?? false;
  const secretSavedOn = configuration?.clientSecretUpdatedAt ? formatDateUs(configuration.clientSecretUpdatedAt, configuration.timeZone) : null;

  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={KeyRoundIcon}>Microsoft Entra Credentials</CardIconTitle>
        <CardDescription>
          The app registration Passwatch signs in with. Its overview page in the Microsoft Entra admin center shows the IDs; open the Setup Guide for
          step-by-step instructions.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2">
        {microsoftConnection && <div className="min-w-0 md:col-span-2">{microsoftConnection}</div>}
        {!viaPasswatchApp && (
          <>
            <ConfigurationTextField
              field="entraTenantId"
              label="Tenant ID"
              hint="The Directory (tenant) ID, or a verified domain such as contoso.onmicrosoft.com."
              autoComplete="off"
              spellCheck={false}
              placeholder="contoso.onmicrosoft.com"
            />
            <ConfigurationTextField
              field="azureDirectoryId"
              label="Azure Directory ID"
              hint="The Directory (tenant) ID GUID from the app registration's overview."
              autoComplete="off"
              spellCheck={false}
              placeholder="00000000-0000-0000-0000-000000000000"
            />
            <ConfigurationTextField
              field="applicationId"
              label="Application ID"
              hint="The Application (client) ID GUID from the app registration's overview."
              autoComplete="off"
              spellCheck={false}
              placeholder="00000000-0000-0000-0000-000000000000"
            />
            <ConfigurationTextField
              field="clientSecret"
              label="Client Secret"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={secretSaved ? 'Leave blank to keep the saved secret' : "Paste the secret's Value"}
              hint={
                <>
                  {secretSaved && (
                    <span className="block font-medium text-success-strong">A client secret is saved{secretSavedOn ? ` (since ${secretSavedOn})` : ''}.</span>
                  )}
                  Paste the secret&apos;s Value, not its Secret ID. It is stored encrypted and never shown again.
                </>
              }
            />
            <ClientSecretExpiryField />
          </>
        )}
        <ConfigurationTextField
          field="fromEmail"
          label="From Email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="it-notifications@contoso.com"
          hint="A mailbox in the tenant that reminders are sent from (a user or shared mailbox)."
        />
      </CardContent>
    </Card>
  );
}
