import type { ReactNode } from 'react';
import { InfoIcon, LoaderCircleIcon, MailIcon } from 'lucide-react';
import type { PasswordExpirationRecord } from '../../../../shared/api/notifications';
import { initials, rowStatus } from '../../../../shared/domain/expiry-badge';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { useSendManualEmail } from '../api/send-manual-email';
import { manualEmailBody, userDetails } from '../utils/expiring-user';
import { formatDateTimeUs } from '../utils/format-date-time';
import { manualEmailToasts } from '../utils/overview-toasts';
import { ExpiryBadge, RowStatusBadge } from './expiry-badges';

const columns = ['User', 'Email', 'Expires In', 'Last Notified', 'Status', 'Actions'] as const;

export function UsersTable({
  users,
  emptyMessage,
  timeZone,
  busy = false,
}: {
  users: readonly PasswordExpirationRecord[];
  emptyMessage: string;
  /** The organization's IANA zone for dates; the viewer's when unknown. */
  timeZone: string | undefined;
  /** Another page or search is loading; the rows shown are the previous ones. */
  busy?: boolean;
}) {
  return (
    <Table aria-busy={busy}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column} className={column === 'Actions' ? 'text-right' : undefined}>
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 ? (
          <TableRow>
            <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
              {emptyMessage}
            </TableCell>
          </TableRow>
        ) : (
          users.map((user) => <UserRow key={user.id} user={user} timeZone={timeZone} />)
        )}
      </TableBody>
    </Table>
  );
}

function UserRow({ user, timeZone }: { user: PasswordExpirationRecord; timeZone: string | undefined }) {
  const sendEmail = useSendManualEmail();
  const name = user.userDisplayName || user.userEmail;

  function showDetails() {
    const details = userDetails(user, timeZone);
    toast({
      title: details.title,
      description: (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3">
          {details.lines.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ),
    });
  }

  return (
    <TableRow>
      <TableCell>
        <div className="flex items-center gap-2">
          <Avatar>
            <AvatarFallback aria-hidden>{initials(user.userDisplayName, user.userEmail)}</AvatarFallback>
          </Avatar>
          <span className="font-medium">{user.userDisplayName}</span>
        </div>
      </TableCell>
      <TableCell>{user.userEmail}</TableCell>
      <TableCell>
        <ExpiryBadge daysUntilExpiry={user.daysUntilExpiry} />
      </TableCell>
      <TableCell className="text-muted-foreground">{user.lastNotified ? formatDateTimeUs(user.lastNotified, timeZone) : 'Never'}</TableCell>
      <TableCell>
        <RowStatusBadge status={rowStatus(user)} />
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <RowAction
            label={user.reachable ? `Send expiration email to ${name}` : `${name} has no mailbox address`}
            disabled={!user.reachable || sendEmail.isPending}
            onClick={() =>
              sendEmail.mutate(manualEmailBody(user, timeZone), {
                onSuccess: (response) => toast(manualEmailToasts.success(response)),
                onError: (error) => toast(manualEmailToasts.failure(error)),
              })
            }
          >
            {sendEmail.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <MailIcon aria-hidden />}
          </RowAction>
          <RowAction label={`Show details for ${name}`} onClick={showDetails}>
            <InfoIcon aria-hidden />
          </RowAction>
        </div>
      </TableCell>
    </TableRow>
  );
}

function RowAction({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={label} disabled={disabled} onClick={onClick}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
