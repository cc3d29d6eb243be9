import { useEffect, useState, type FormEvent } from 'react';
import { helpdeskDigestMessages } from '../../../../shared/api/account-mail';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { fieldErrorsOf, getErrorMessage } from '@/lib/error-message';
import { useHelpdeskDigest, useSaveHelpdeskDigest } from '../api/helpdesk-digest';

/**
 * Configuration > Helpdesk digest: an optional address that gets one mail a day after the check,
 * listing who expires today and who expired without a reminder that went out. Saved on its own.
 */
export function HelpdeskDigestCard() {
  const { data, isError } = useHelpdeskDigest();
  const save = useSaveHelpdeskDigest();
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (data) setAddress(data.address ?? '');
  }, [data]);
  const addressError = fieldErrorsOf(save.error).address?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (address === null) return;
    save.mutate(address.trim(), {
      onSuccess: () => toast({ title: 'Success', description: helpdeskDigestMessages.saved }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save the helpdesk digest.') }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Helpdesk digest</h2>
        </CardTitle>
        <CardDescription>
          {isError
            ? 'The saved address could not be loaded.'
            : 'Once a day, after the check, your helpdesk gets one mail: who expires today, and who expired without a ' +
              'reminder that went out. Leave empty for none.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label="Helpdesk digest" className="grid gap-4">
          <FormField id="helpdesk-address" label="Helpdesk email" error={addressError}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                placeholder="helpdesk@example.com"
                value={address ?? ''}
                disabled={address === null}
                onChange={(event) => setAddress(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={address === null || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Helpdesk Digest'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
