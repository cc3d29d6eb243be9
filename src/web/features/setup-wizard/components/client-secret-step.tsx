import type { ReactNode } from 'react';
import { SUGGESTED_SECRET_LIFETIME_MONTHS } from '../../../../shared/domain/client-secret-expiry';
import { PortalLabel, StepInstructions, StepNote } from './step-instructions';

/** `expiryField`: where the admin enters the new secret's expiry date (the configuration form's field). */
export function ClientSecretStep({ expiryField }: { expiryField?: ReactNode }) {
  return (
    <div className="grid gap-4">
      <StepInstructions>
        <li>
          In the app registration, open <PortalLabel>Certificates &amp; secrets</PortalLabel>, then the <PortalLabel>Client secrets</PortalLabel> tab, and
          choose <PortalLabel>New client secret</PortalLabel>.
        </li>
        <li>
          Enter a description such as <em>Passwatch</em>, set <PortalLabel>Expires</PortalLabel> to{' '}
          <PortalLabel>{SUGGESTED_SECRET_LIFETIME_MONTHS} months</PortalLabel> and choose <PortalLabel>Add</PortalLabel>.
        </li>
        <li>
          Copy the secret&apos;s <PortalLabel>Value</PortalLabel> straight away: it is shown only once. Do not copy the <PortalLabel>Secret ID</PortalLabel>,
          which Entra ID rejects (error AADSTS7000215).
        </li>
        <li>
          Enter the secret&apos;s <PortalLabel>Expires</PortalLabel> date below: the dashboard warns 30, 14, 7 and 1 days before it, so you can create a new
          secret in time. When it has expired, reminders fail until a new secret is saved.
        </li>
      </StepInstructions>
      {expiryField}
      <StepNote>If the Value column is already hidden, delete that secret and create a new one; the Value cannot be shown again.</StepNote>
    </div>
  );
}
