import { useState } from 'react';
import { CheckIcon } from 'lucide-react';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../../../shared/api/account';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useAccountMailStatus } from '../api/get-account-mail-status';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { useSendWeeklyReportNow } from '../api/send-weekly-report-now';
import { useAppInfo } from '@/lib/app-info';
import { useCan } from '@/lib/member-role';
import { useTenantContext } from '@/lib/tenant-context';

const toggles: readonly { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'emailNotifications', label: 'Email Notifications', description: 'Emails about activity in your organizations.' },
  { key: 'weeklyReports', label: 'Weekly Reports', description: 'A weekly summary of expiring passwords and reminders sent.' },
  {
    key: 'securityAlerts',
    label: 'Security Alerts',
    description: 'Changes to your organizations’ configuration or credentials, a failing connection, a removed permission and an expiring client secret.',
  },
  { key: 'systemUpdates', label: 'System Updates', description: 'News about new features and planned maintenance.' },
];

/**
 * Account Settings > Notifications: four toggles, saved for the user as soon as they change.
 * Until the saved values arrive the defaults of docs/product.md §Fields show, switched off for input.
 */
export function NotificationPreferencesCard() {
  const { data, isError } = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const { data: accountMail } = useAccountMailStatus();
  const { data: appInfo } = useAppInfo();
  const { selectedTenant } = useTenantContext();
  // Queuing the report for the whole organization is an admin's.
  const mayMailReport = useCan('admin');
  const sendReport = useSendWeeklyReportNow();
  const preferences = data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  // The toggle whose change the server confirmed last: it says "Saved" until the next change.
  const [savedKey, setSavedKey] = useState<keyof NotificationPreferences | null>(null);

  function sendReportNow() {
    sendReport.mutate(undefined, {
      onSuccess: ({ queued }) =>
        toast(
          queued > 0
            ? { title: 'Weekly report sent', description: `The report of ${selectedTenant?.name ?? 'your organization'} is on the Account mail (SMTP) page.` }
            : { title: 'No weekly report sent', description: 'No member of the organization has Weekly Reports on, or today’s report went out already.' },
        ),
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to send the weekly report.') }),
    });
  }

  function change(key: keyof NotificationPreferences, enabled: boolean) {
    setSavedKey(null);
    update.mutate(
      { [key]: enabled },
      {
        onSuccess: () => setSavedKey(key),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: getErrorMessage(error, 'Failed to save notification preferences.'),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Notifications</h2>
        </CardTitle>
        <CardDescription>
          {isError ? 'Your saved preferences could not be loaded; the defaults are shown.' : 'Choose what Passwatch tells you about.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {accountMail?.enabled === false && (
          <Alert className="mb-4">
            <AlertTitle>Account mail is off on this server</AlertTitle>
            <AlertDescription>
              No email is sent for these settings: the operator has not configured a mail server (SMTP_URL). Your choices are saved and apply once it is.
            </AlertDescription>
          </Alert>
        )}
        <ul className="divide-y">
          {toggles.map(({ key, label, description }) => (
            <li key={key} className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
              <div className="grid gap-1">
                <Label htmlFor={`notification-${key}`}>{label}</Label>
                <p id={`notification-${key}-description`} className="text-sm text-muted-foreground">
                  {description}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span role="status" aria-label={savedKey === key ? `${label} saved` : undefined} className="text-xs text-muted-foreground">
                  {savedKey === key && (
                    <>
                      <CheckIcon className="inline size-3.5" aria-hidden /> Saved
                    </>
                  )}
                </span>
                <Switch
                  id={`notification-${key}`}
                  aria-describedby={`notification-${key}-description`}
                  checked={preferences[key]}
                  disabled={!data}
                  onCheckedChange={(checked) => change(key, checked)}
                />
              </div>
            </li>
          ))}
        </ul>
        {appInfo?.demoMode && selectedTenant && mayMailReport && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t pt-4">
            <p className="text-sm text-muted-foreground">Demo mode: see {selectedTenant.name}’s weekly report now instead of on Monday at 08:00.</p>
            <Button type="button" variant="outline" onClick={sendReportNow} disabled={sendReport.isPending}>
              {sendReport.isPending ? 'Sending...' : 'Send Weekly Report Now'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
