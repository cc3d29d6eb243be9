import { useEffect, useState, type FormEvent } from 'react';
import { reminderRecipientsMessages, type ReminderRecipients } from '../../../../shared/api/reminder-recipients';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { fieldErrorsOf, getErrorMessage } from '@/lib/error-message';
import { useReminderRecipients, useSaveReminderRecipients } from '../api/reminder-recipients';

interface Draft {
  pilotOn: boolean;
  pilotMailbox: string;
  ccManager: boolean;
}

const draftOf = (saved: ReminderRecipients): Draft => ({
  pilotOn: saved.pilotMailbox !== null,
  pilotMailbox: saved.pilotMailbox ?? '',
  ccManager: saved.ccManager,
});

/**
 * Configuration > Pilot mode and managers: a pilot mailbox that receives every reminder instead
 * of the users until switched off, and a copy to each user's manager. Saved on its own, apart
 * from the configuration form.
 */
export function ReminderRecipientsCard() {
  const { data, isError } = useReminderRecipients();
  const save = useSaveReminderRecipients();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);

  const current = draft ?? (data ? draftOf(data) : null);
  const pilotError = fieldErrorsOf(save.error).pilotMailbox?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!current) return;
    save.mutate(
      { pilotMailbox: current.pilotOn ? current.pilotMailbox.trim() : null, ccManager: current.ccManager },
      {
        onSuccess: () => toast({ title: 'Success', description: reminderRecipientsMessages.saved }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save reminder recipients.') }),
      },
    );
  }

  const change = (patch: Partial<Draft>) => current && setDraft({ ...current, ...patch });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Pilot mode and managers</h2>
        </CardTitle>
        <CardDescription>
          {isError ? 'The saved settings could not be loaded.' : 'Try reminders on one mailbox before your users get them, and copy each user’s manager.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label="Pilot mode and managers" className="grid gap-5">
          {data?.pilotMailbox && (
            <Alert>
              <AlertTitle>Pilot mode is on</AlertTitle>
              <AlertDescription>Every reminder goes to {data.pilotMailbox} instead of the user, its subject naming the real recipient.</AlertDescription>
            </Alert>
          )}
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor="pilot-mode">Pilot mode</Label>
              <p id="pilot-mode-description" className="text-sm text-muted-foreground">
                Send every reminder to one mailbox instead of the users, until you switch it off.
              </p>
            </div>
            <Switch
              id="pilot-mode"
              aria-describedby="pilot-mode-description"
              checked={current?.pilotOn ?? false}
              disabled={!current}
              onCheckedChange={(pilotOn) => change({ pilotOn })}
            />
          </div>
          {current?.pilotOn && (
            <FormField id="pilot-mailbox" label="Pilot mailbox" error={pilotError} hint="Managers get no copy while pilot mode is on.">
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  value={current.pilotMailbox}
                  onChange={(event) => change({ pilotMailbox: event.target.value })}
                />
              )}
            </FormField>
          )}
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor="cc-manager">Copy each user’s manager</Label>
              <p id="cc-manager-description" className="text-sm text-muted-foreground">
                The manager named in Microsoft Entra ID gets a copy of the reminder; users without a manager get it alone.
              </p>
            </div>
            <Switch
              id="cc-manager"
              aria-describedby="cc-manager-description"
              checked={current?.ccManager ?? false}
              disabled={!current}
              onCheckedChange={(ccManager) => change({ ccManager })}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={!current || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Recipients'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
