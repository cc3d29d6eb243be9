import { KeyRoundIcon } from 'lucide-react';
import { clientSecretExpiryNotice, describeDaysLeft, type ClientSecretExpiryNotice } from '../../../../shared/domain/client-secret-expiry';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfigurationForm } from '../hooks/configuration-form';
import { formatLocalDay, organizationToday } from '../utils/client-secret-expiry-field';

function texts(notice: ClientSecretExpiryNotice): { title: string; description: string } {
  switch (notice.kind) {
    case 'expiring':
      return {
        title: `Client secret ${describeDaysLeft(notice.daysLeft)}`,
        description: [
          `The Entra client secret expires on ${formatLocalDay(notice.expiresAt)}.`,
          'Create a new one under Certificates & secrets and save it with its expiry date before then.',
        ].join(' '),
      };
    case 'expired':
      return {
        title: 'Client secret expired',
        description: `The Entra client secret expired on ${formatLocalDay(notice.expiresAt)}. Reminders will fail until a new secret is saved.`,
      };
    case 'date-missing':
      return {
        title: 'Client secret expiry date missing',
        description: 'Enter the Expires date Entra shows for the client secret, so Passwatch can warn you before it runs out.',
      };
  }
}

/**
 * The dashboard's warning about the saved client secret, counted in days on the organization's
 * calendar; nothing when no secret is saved (a connection made without one never expires).
 */
export function ClientSecretExpiryAlert({ onOpenConfiguration, now = Date.now() }: { onOpenConfiguration: () => void; now?: number }) {
  const { configuration } = useConfigurationForm();
  if (!configuration?.configured) return null;
  const notice = clientSecretExpiryNotice({
    hasClientSecret: configuration.hasClientSecret,
    expiresAt: configuration.clientSecretExpiresAt,
    today: organizationToday(configuration.timeZone, now),
  });
  if (!notice) return null;
  const { title, description } = texts(notice);
  return (
    <Alert
      variant={notice.kind === 'expired' ? 'destructive' : 'default'}
      className={notice.kind === 'expiring' ? 'border-warning bg-warning/10' : undefined}
      data-threshold={notice.kind === 'expiring' ? notice.threshold : undefined}
    >
      <KeyRoundIcon aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{description}</p>
        <Button variant="link" className="h-auto p-0" onClick={onOpenConfiguration}>
          Open the Configuration tab
        </Button>
      </AlertDescription>
    </Alert>
  );
}
