import { useState } from 'react';
import { UsersIcon } from 'lucide-react';
import type { PreviewGroupUsersResult, PreviewStats } from '../../../../shared/api/directory';
import type { PasswordExpirationFilter } from '../../../../shared/api/notifications';
import { previewColour, type PreviewTone } from '../../../../shared/domain/expiry-badge';
import { expiryReasonLabel } from '../../../../shared/domain/password-expiry';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { ExpiryFilterButtons, matchesExpiryFilter } from '@/components/expiry-filter-buttons';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { usePreviewGroupUsers } from '../api/preview-group-users';
import { useConfigurationForm } from '../hooks/configuration-form';
import { previewRequestOf } from '../utils/preview-request';

// docs/product.md §States: 7 days or less red, up to 14 orange, more green.
const toneClasses: Record<PreviewTone, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  none: 'bg-muted text-muted-foreground ring-border',
};

/** Who the group filters select, with each password's remaining days in the colours of docs/product.md §States. */
export function PreviewUsersDialog({ disabled }: { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const { values, configuration } = useConfigurationForm();
  const preview = usePreviewGroupUsers();

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next || !values) return;
    preview.mutate(previewRequestOf(values), {
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to preview users') }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled || !values}>
          <UsersIcon aria-hidden />
          Preview Users
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Preview Users</DialogTitle>
          <DialogDescription>
            Users the group filters select, as the daily check would see them now. Like the users table, it opens on the passwords expiring soon, soonest first.
          </DialogDescription>
        </DialogHeader>
        {preview.isPending && (
          <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
            <Spinner label="Loading users" />
            Reading the directory…
          </div>
        )}
        {preview.isError && (
          <Alert variant="destructive">
            <AlertTitle>Failed to preview users</AlertTitle>
            <AlertDescription>{getErrorMessage(preview.error, 'Failed to preview users')}</AlertDescription>
          </Alert>
        )}
        {preview.data && <PreviewResult result={preview.data} timeZone={configuration?.timeZone ?? 'UTC'} />}
      </DialogContent>
    </Dialog>
  );
}

function PreviewResult({ result, timeZone }: { result: PreviewGroupUsersResult; timeZone: string }) {
  const { users, stats } = result;
  // The users table's default view; the server lists the users in that order.
  const [filter, setFilter] = useState<PasswordExpirationFilter>('expiring_soon');
  const shown = users.filter((user) => matchesExpiryFilter(filter, user.daysUntilExpiry));
  const counts = {
    expiring_soon: stats.usersWithExpiryDate - stats.expiredUsers,
    expired: stats.expiredUsers,
    no_date: stats.usersWithoutExpiryDate,
    all: stats.filteredUsers,
  };
  return (
    <div className="grid min-w-0 gap-4">
      <PreviewSummary stats={stats} />
      <ExpiryFilterButtons filter={filter} counts={counts} onChange={setFilter} />
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {users.length === 0 ? 'No users match these group filters.' : 'No users listed under this filter.'}
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Expires In</TableHead>
              <TableHead>Expiry Date</TableHead>
              <TableHead>Source</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((user) => {
              const colour = previewColour(user.daysUntilExpiry);
              return (
                <TableRow key={user.id}>
                  <TableCell className="font-medium whitespace-normal">{user.displayName}</TableCell>
                  <TableCell className="break-all whitespace-normal">{user.email}</TableCell>
                  <TableCell>
                    <span
                      data-tone={colour.tone}
                      className={cn('inline-flex rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset', toneClasses[colour.tone])}
                    >
                      {colour.text}
                    </span>
                  </TableCell>
                  <TableCell>{user.passwordExpiryDate ? formatDateUs(user.passwordExpiryDate, timeZone) : '—'}</TableCell>
                  <TableCell className="min-w-40 whitespace-normal text-muted-foreground">
                    {expiryReasonLabel(user.expiryReason, user.validityDays, user.expirySource)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

function PreviewSummary({ stats }: { stats: PreviewStats }) {
  const figures = [
    { label: 'Selected users', value: stats.filteredUsers },
    { label: 'Expired before today', value: stats.expiredUsers },
    { label: 'Without expiry date', value: stats.usersWithoutExpiryDate },
    { label: 'Disabled (skipped)', value: stats.disabledUsers },
  ];
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border bg-muted/40 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {stats.filteredUsers} of {stats.totalUsers} directory users match the filters.
        {stats.listedUsers < stats.filteredUsers && ` Showing the first ${stats.listedUsers}.`}
      </p>
    </div>
  );
}
