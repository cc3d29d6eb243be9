import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { type EntraConsentResult, entraConsentMessages } from '../../../../shared/domain/entra-connection';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** What came of Connect with Microsoft, as the callback reported it. */
export function ConsentResultAlert({ result }: { result: EntraConsentResult }) {
  const { tone, text } = entraConsentMessages[result];
  const Icon = tone === 'success' ? CircleCheckIcon : CircleAlertIcon;
  return (
    <Alert variant={tone === 'success' ? 'default' : 'destructive'}>
      <Icon aria-hidden />
      <AlertTitle>{tone === 'success' ? 'Connected with Microsoft' : 'Not connected'}</AlertTitle>
      <AlertDescription>{text}</AlertDescription>
    </Alert>
  );
}
