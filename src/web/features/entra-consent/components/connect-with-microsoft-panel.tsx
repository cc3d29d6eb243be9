import type { ReactNode } from 'react';
import type { ConsentReturnPage } from '../../../../shared/api/entra-consent';
import { useConsentAvailability } from '../api/get-consent-availability';
import { ConnectWithMicrosoftButton } from './connect-with-microsoft-button';

/**
 * One click instead of an app registration: a Global Administrator consents to the Passwatch app
 * on Microsoft's page. Shown only where the operator configured the app.
 */
export function ConnectWithMicrosoftPanel({ returnTo, tenant, children }: { returnTo: ConsentReturnPage; tenant?: string; children?: ReactNode }) {
  const { data } = useConsentAvailability();
  if (!data?.available) return null;
  return (
    <section aria-labelledby={`connect-with-microsoft-${returnTo}`} className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4">
      <h3 id={`connect-with-microsoft-${returnTo}`} className="font-medium">
        Connect with Microsoft (recommended)
      </h3>
      <p className="text-sm text-muted-foreground">
        Sign in as a Global Administrator of your tenant and accept the permissions Passwatch needs. No app registration, IDs or client secret to copy, and
        nothing to renew.
      </p>
      {children}
      <ConnectWithMicrosoftButton returnTo={returnTo} {...(tenant ? { tenant } : {})} />
    </section>
  );
}
