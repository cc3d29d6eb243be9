import { useState, type FormEvent } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, TextArea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { fieldErrorsOf, getErrorMessage } from '@/lib/error-message';
import { validateForm, type FieldMessages } from '@/lib/form-errors';
import { announcementBody } from '../../../../shared/api/account-mail';
import { formatDateTimeUs } from '../../overview/utils/format-date-time';
import { useAnnouncements, usePublishAnnouncement } from '../api/announcements';

/**
 * Admin Dashboard > Overview: write a system update. It is mailed once to every user whose
 * System Updates toggle is on, and the operator audit log records who published it.
 */
export function AnnouncementsCard() {
  const { data: announcements, error, refetch } = useAnnouncements();
  const publish = usePublishAnnouncement();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  // Checked in the form first (the shared contract), so an empty announcement never reaches the server.
  const [formErrors, setFormErrors] = useState<FieldMessages>({});
  const serverErrors = fieldErrorsOf(publish.error);
  const errorOf = (field: 'title' | 'body') => formErrors[field] ?? serverErrors[field]?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateForm(announcementBody, { title, body });
    if (!checked.success) {
      setFormErrors(checked.fieldErrors);
      return;
    }
    setFormErrors({});
    publish.mutate(checked.data, {
      onSuccess: (published) => {
        setTitle('');
        setBody('');
        toast({
          title: 'System update published',
          description: `Mailed to ${published.recipients.toLocaleString('en-US')} ${published.recipients === 1 ? 'user' : 'users'} with System Updates on.`,
        });
      },
      onError: (failure) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(failure, 'Failed to publish the system update.') }),
    });
  }

  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>System updates</h2>
        </CardTitle>
        <CardDescription>Mailed once to every user who turned System Updates on in Account Settings.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form noValidate onSubmit={submit} aria-label="System update" className="grid gap-4">
          <FormField id="announcement-title" label="Title" error={errorOf('title')}>
            {(control) => <Input {...control} value={title} maxLength={150} onChange={(event) => setTitle(event.target.value)} />}
          </FormField>
          <FormField id="announcement-body" label="Message" error={errorOf('body')} hint="Plain text; a blank line starts a new paragraph.">
            {(control) => <TextArea {...control} value={body} maxLength={5000} onChange={(event) => setBody(event.target.value)} />}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={publish.isPending}>
              {publish.isPending ? 'Publishing...' : 'Publish System Update'}
            </Button>
          </div>
        </form>
        {error ? (
          <LoadErrorAlert title="Unable to load the system updates" error={error} onRetry={() => void refetch()} />
        ) : (
          announcements &&
          announcements.length > 0 && (
            <ul className="divide-y text-sm" aria-label="Published system updates">
              {announcements.map((announcement) => (
                <li key={announcement.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="font-medium">{announcement.title}</span>
                  <span className="text-muted-foreground">
                    {formatDateTimeUs(announcement.createdAt, 'UTC')} · {announcement.recipients.toLocaleString('en-US')}{' '}
                    {announcement.recipients === 1 ? 'recipient' : 'recipients'}
                  </span>
                </li>
              ))}
            </ul>
          )
        )}
      </CardContent>
    </Card>
  );
}
