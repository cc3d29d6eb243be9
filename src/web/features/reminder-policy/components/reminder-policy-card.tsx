import { useEffect, useState, type FormEvent } from 'react';
import { reminderPolicyMessages, type ReminderPolicy } from '../../../../shared/api/reminder-policy';
import { SAMPLE_DAYS_AFTER_EXPIRY } from '../../../../shared/domain/email-template';
import { LazyEmailTemplateEditor } from '@/components/email-template-editor/lazy-email-template-editor';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { fieldErrorsOf, getErrorMessage } from '@/lib/error-message';
import { useReminderPolicy, useSaveReminderPolicy } from '../api/reminder-policy';
import { formatDayList, parseDayList } from '../utils/day-list';

interface Draft {
  chosenDays: boolean;
  reminderDays: string;
  afterExpiryDays: string;
  afterExpirySubject: string;
  afterExpiryTemplate: string;
}

const draftOf = (saved: ReminderPolicy): Draft => ({
  chosenDays: saved.mode === 'thresholds',
  reminderDays: formatDayList(saved.reminderDays),
  afterExpiryDays: formatDayList(saved.afterExpiryDays),
  afterExpirySubject: saved.afterExpirySubject,
  afterExpiryTemplate: saved.afterExpiryTemplate,
});

/** The first message of a field or of any item of it ('reminderDays.2'). */
function errorOf(errors: Record<string, string[]>, field: string): string | undefined {
  return Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1][0];
}

/**
 * Configuration > Reminder days: every day within Reminder Days (the schedule's setting), or
 * reminders on chosen days before the expiry and optionally after it, with their own wording.
 * Saved on its own, apart from the configuration form.
 */
export function ReminderPolicyCard({ companyName, timeZone }: { companyName: string; timeZone?: string | undefined }) {
  const { data, isError } = useReminderPolicy();
  const save = useSaveReminderPolicy();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);

  const current = draft ?? (data ? draftOf(data) : null);
  const errors = fieldErrorsOf(save.error);
  const change = (patch: Partial<Draft>) => current && setDraft({ ...current, ...patch });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!current) return;
    const body = current.chosenDays
      ? {
          mode: 'thresholds' as const,
          reminderDays: parseDayList(current.reminderDays),
          afterExpiryDays: parseDayList(current.afterExpiryDays),
          afterExpirySubject: current.afterExpirySubject,
          afterExpiryTemplate: current.afterExpiryTemplate,
        }
      : { mode: 'daily' as const };
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Success', description: reminderPolicyMessages.saved }),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to save the reminder days.') }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Reminder days</h2>
        </CardTitle>
        <CardDescription>
          {isError
            ? 'The saved reminder days could not be loaded.'
            : `Remind every day within ${data?.daysBeforeExpiration ?? 'the'} days before the expiry (the schedule's Reminder ` +
              `Days), or only on the days you choose.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label="Reminder days" className="grid gap-5">
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor="reminder-chosen-days">Remind on chosen days</Label>
              <p id="reminder-chosen-days-description" className="text-sm text-muted-foreground">
                Each chosen day's reminder goes to a user once, however often the check runs.
              </p>
            </div>
            <Switch
              id="reminder-chosen-days"
              aria-describedby="reminder-chosen-days-description"
              checked={current?.chosenDays ?? false}
              disabled={!current}
              onCheckedChange={(chosenDays) => change({ chosenDays })}
            />
          </div>
          {current?.chosenDays && (
            <>
              <FormField
                id="reminder-days"
                label="Days before expiry"
                error={errorOf(errors, 'reminderDays')}
                hint="Comma-separated, e.g. 14, 7, 3, 1, 0 (0 is the expiry day itself)."
              >
                {(control) => (
                  <Input {...control} inputMode="numeric" value={current.reminderDays} onChange={(event) => change({ reminderDays: event.target.value })} />
                )}
              </FormField>
              <FormField
                id="after-expiry-days"
                label="Days after expiry"
                error={errorOf(errors, 'afterExpiryDays')}
                hint="Optional, e.g. 1, 3, 7: a reminder with the wording below to users whose password has expired and who have not changed it."
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    value={current.afterExpiryDays}
                    onChange={(event) => change({ afterExpiryDays: event.target.value })}
                  />
                )}
              </FormField>
              <FormField id="after-expiry-subject" label="After-expiry subject" error={errorOf(errors, 'afterExpirySubject')}>
                {(control) => (
                  <Input {...control} value={current.afterExpirySubject} onChange={(event) => change({ afterExpirySubject: event.target.value })} />
                )}
              </FormField>
              <FormField id="after-expiry-template" label="After-expiry template" error={errorOf(errors, 'afterExpiryTemplate')}>
                {(control) => (
                  <LazyEmailTemplateEditor
                    {...control}
                    ariaLabel="After-expiry template"
                    previewSubject={current.afterExpirySubject}
                    previewTitle="After-expiry preview"
                    previewDaysRemaining={-SAMPLE_DAYS_AFTER_EXPIRY}
                    value={current.afterExpiryTemplate}
                    onChange={(afterExpiryTemplate) => change({ afterExpiryTemplate })}
                    companyName={companyName}
                    timeZone={timeZone}
                  />
                )}
              </FormField>
            </>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={!current || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Reminder Days'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
