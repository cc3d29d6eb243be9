import { LogInIcon } from 'lucide-react';
import type { ConsentReturnPage } from '../../../../shared/api/entra-consent';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/error-message';
import { useStartConsent } from '../api/start-consent';

export interface ConnectWithMicrosoftButtonProps {
  /** The page Microsoft sends the browser back to. */
  returnTo: ConsentReturnPage;
  /** A tenant the admin typed: its own consent page instead of Microsoft's organization picker. */
  tenant?: string;
  /** Connected before: the same flow, named Reconnect. */
  reconnect?: boolean;
}

/** Sends a Global Administrator to Microsoft's admin-consent page for the Passwatch app. */
export function ConnectWithMicrosoftButton({ returnTo, tenant, reconnect = false }: ConnectWithMicrosoftButtonProps) {
  const start = useStartConsent();
  // Leaving for Microsoft: the button stays busy until the page is gone.
  const busy = start.isPending || start.isSuccess;
  return (
    <div className="grid gap-2">
      <Button type="button" className="w-fit" disabled={busy} onClick={() => start.mutate({ returnTo, ...(tenant ? { tenant } : {}) })}>
        <LogInIcon aria-hidden />
        {reconnect ? 'Reconnect' : 'Connect with Microsoft'}
      </Button>
      {start.isError && (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(start.error, 'Could not start Connect with Microsoft. Please try again.')}
        </p>
      )}
    </div>
  );
}
