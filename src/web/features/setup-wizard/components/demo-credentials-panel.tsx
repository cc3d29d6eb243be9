import { useState } from 'react';
import { CheckIcon, FlaskConicalIcon } from 'lucide-react';
import type { DemoGraphCredentials } from '../../../../shared/api/configuration';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { useDemoGraphCredentials } from '../api/get-demo-graph-credentials';

/** Demo mode: the simulated tenant's app registration, and a button that fills the form with it. */
export function DemoCredentialsPanel({ onUse }: { onUse: (credentials: DemoGraphCredentials) => void }) {
  const { data: credentials, error, isPending } = useDemoGraphCredentials({ enabled: true });
  const [used, setUsed] = useState(false);

  if (isPending) return <Spinner label="Loading demo credentials" />;
  if (error || !credentials) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Demo credentials unavailable</AlertTitle>
        <AlertDescription>{getErrorMessage(error, 'Please try again.')}</AlertDescription>
      </Alert>
    );
  }

  const rows = [
    { label: 'Tenant ID', value: credentials.entraTenantId },
    { label: 'Azure Directory ID', value: credentials.azureDirectoryId },
    { label: 'Application ID', value: credentials.applicationId },
    { label: 'Client Secret (Value)', value: credentials.clientSecret },
    { label: 'Secret ID (do not use)', value: credentials.clientSecretId },
    { label: 'From Email', value: credentials.fromEmail },
  ];

  return (
    <section aria-labelledby="demo-credentials-heading" className="grid gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4">
      <h3 id="demo-credentials-heading" className="flex items-center gap-2 font-medium">
        <FlaskConicalIcon className="size-4" aria-hidden />
        Demo credentials
      </h3>
      <p className="text-sm text-muted-foreground">
        In demo mode the tenant is simulated. Its app registration already has every permission and admin consent.
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-mono text-xs break-all sm:text-sm">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            onUse(credentials);
            setUsed(true);
          }}
        >
          Use demo credentials
        </Button>
        {used && (
          <p role="status" className="flex items-center gap-1 text-sm text-success-strong">
            <CheckIcon className="size-4" aria-hidden />
            Filled in on the Configuration tab: save it there.
          </p>
        )}
      </div>
    </section>
  );
}
