import { PortalLabel, StepInstructions, StepNote } from './step-instructions';

export function AppRegistrationStep() {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Passwatch reads your directory through an app registration of its own. Creating it and granting its permissions needs a{' '}
        <strong>Global Administrator</strong> of your Microsoft 365 tenant.
      </p>
      <StepInstructions>
        <li>
          Sign in to the Microsoft Entra admin center at{' '}
          <a href="https://entra.microsoft.com" target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
            entra.microsoft.com
          </a>{' '}
          as a Global Administrator.
        </li>
        <li>
          Browse to <PortalLabel>Identity</PortalLabel> &gt; <PortalLabel>Applications</PortalLabel> &gt; <PortalLabel>App registrations</PortalLabel> (in the
          newer navigation: <PortalLabel>Entra ID</PortalLabel> &gt; <PortalLabel>App registrations</PortalLabel>) and choose{' '}
          <PortalLabel>New registration</PortalLabel>.
        </li>
        <li>
          Enter a name such as <em>Passwatch</em>. Under <PortalLabel>Supported account types</PortalLabel> choose{' '}
          <PortalLabel>Accounts in this organizational directory only (Single tenant)</PortalLabel>. Leave <PortalLabel>Redirect URI</PortalLabel> empty and
          choose <PortalLabel>Register</PortalLabel>.
        </li>
        <li>
          The app&apos;s <PortalLabel>Overview</PortalLabel> page opens. Copy the <PortalLabel>Application (client) ID</PortalLabel> and the{' '}
          <PortalLabel>Directory (tenant) ID</PortalLabel>: you will enter both in Passwatch.
        </li>
      </StepInstructions>
      <StepNote>Passwatch signs in as the application itself (no user sign-in), so no redirect URI or platform is needed.</StepNote>
    </div>
  );
}
