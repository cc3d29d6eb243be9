import { SUGGESTED_SECRET_LIFETIME_MONTHS } from '../utils/graph-permissions';
import { PortalLabel, StepInstructions, StepNote } from './step-instructions';

export function ClientSecretStep() {
  return (
    <div className="grid gap-4">
      <StepInstructions>
        <li>
          In the app registration, open <PortalLabel>Certificates &amp; secrets</PortalLabel>, then the <PortalLabel>Client secrets</PortalLabel>{' '}
          tab, and choose <PortalLabel>New client secret</PortalLabel>.
        </li>
        <li>
          Enter a description such as <em>Passwatch</em>, set <PortalLabel>Expires</PortalLabel> to{' '}
          <PortalLabel>{SUGGESTED_SECRET_LIFETIME_MONTHS} months</PortalLabel> and choose <PortalLabel>Add</PortalLabel>.
        </li>
        <li>
          Copy the secret&apos;s <PortalLabel>Value</PortalLabel> straight away: it is shown only once. Do not copy the{' '}
          <PortalLabel>Secret ID</PortalLabel>; Entra ID rejects it (error AADSTS7000215).
        </li>
        <li>Note the expiry date in your calendar and create a new secret before then, or reminders stop.</li>
      </StepInstructions>
      <StepNote>If the Value column is already hidden, delete that secret and create a new one; the Value cannot be shown again.</StepNote>
    </div>
  );
}
