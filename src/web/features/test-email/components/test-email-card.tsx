import { useId, useState, type FormEvent } from 'react';
import { LoaderCircleIcon, MailIcon } from 'lucide-react';
import { sendTestEmailBody } from '../../../../shared/api/notifications';
import { SAMPLE_DAYS_REMAINING } from '../../../../shared/domain/email-template';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverFieldMessages, validateForm } from '@/lib/form-errors';
import { useSendTestEmail } from '../api/send-test-email';
import { testEmailFailedToast, testEmailSentToast } from '../utils/test-email-toasts';

/** The Testing tab's test email: the saved template, with sample values, to one address. */
export function TestEmailCard() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useSendTestEmail();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateForm(sendTestEmailBody, { email });
    if (!checked.success) {
      setError(checked.fieldErrors.email);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(undefined);
    send.mutate(checked.data, {
      onSuccess: (response) => toast(testEmailSentToast(checked.data.email, response)),
      onError: (sendError) => {
        setError(serverFieldMessages(sendError).email);
        toast(testEmailFailedToast(sendError));
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={MailIcon}>Test Email</CardIconTitle>
        <CardDescription>Sends the saved template with sample values, {SAMPLE_DAYS_REMAINING} days remaining.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-3">
          <FormField id={inputId} label="Test Email Address" error={error}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={send.isPending} aria-busy={send.isPending}>
            {send.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            Send Test Email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
