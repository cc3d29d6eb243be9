import { CircleCheckIcon } from 'lucide-react';
import type { ConsentReturnPage } from '../../../../shared/api/entra-consent';
import { connectionMethodLabels } from '../../../../shared/domain/entra-connection';
import { ConnectWithMicrosoftButton } from './connect-with-microsoft-button';

/** An organization connected with Microsoft: which tenant, and Reconnect (after the app or its consent was removed). */
export function PasswatchAppConnection({ entraTenantId, returnTo }: { entraTenantId: string; returnTo: ConsentReturnPage }) {
  return (
    <section aria-label="Microsoft connection" className="grid gap-3 rounded-lg border p-4">
      <p className="flex items-center gap-2 font-medium" role="status">
        <CircleCheckIcon className="size-4 text-success-strong" aria-hidden />
        Connected {connectionMethodLabels.passwatch_app}
      </p>
      <p className="text-sm text-muted-foreground">
        Tenant <span className="font-mono break-all">{entraTenantId}</span>. No app registration or client secret is needed. If an administrator removes the
        Passwatch app from the tenant, Reconnect grants it again.
      </p>
      <ConnectWithMicrosoftButton returnTo={returnTo} reconnect />
    </section>
  );
}
