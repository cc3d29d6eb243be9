import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, InfoIcon, LoaderCircleIcon, MailIcon } from 'lucide-react';
import type { PasswordExpirationRecord, PasswordExpirationSort } from '../../../../shared/api/notifications';
import { initials, rowStatus } from '../../../../shared/domain/expiry-badge';
import { expiryReasonLabel } from '../../../../shared/domain/password-expiry';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/member-role';
import { languageLabel } from '../utils/language-label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useSendManualEmail } from '../api/send-manual-email';
import { manualEmailBody, userDetails } from '../utils/expiring-user';
import { formatDateTimeUs } from '../utils/format-date-time';
import { manualEmailToasts } from '../utils/overview-toasts';
import { ariaSortOf, type UsersTableOrder } from '../utils/users-table-view';
import { DeliveryBadge, ExpiryBadge, RowStatusBadge } from './expiry-badges';

/** The columns of docs/product.md §Users table, the Reason after Expires In; four of them sort on the server. */
const columns: readonly { name: string; sort?: PasswordExpirationSort }[] = [
  { name: 'User', sort: 'name' },
  { name: 'Email', sort: 'email' },
  { name: 'Language' },
  { name: 'Expires In', sort: 'expiry' },
  { name: 'Reason' },
  { name: 'Last Notified', sort: 'last_notified' },
  { name: 'Status' },
  { name: 'Actions' },
];

// From 640 px every cell stays on one line, so rows keep one height; long names and addresses are
// cut with an ellipsis (the whole value is the cell's title and in Show details), and Actions stays
// pinned at the right edge should the table still scroll sideways.
const pinnedRight = 'sm:sticky sm:right-0 sm:bg-card';

// Under 640 px (max-sm) the table becomes a list of cards: each row a bordered block, each cell a
// line with its column's name before it (from data-label), the header a row of sort buttons. One
// markup for both, so every row keeps its table semantics and nothing has to scroll sideways.
const cardTable = 'max-sm:block';
const cardHeader = 'max-sm:block';
// The body's last row keeps its border as a card.
const cardBody = 'max-sm:block max-sm:[&_tr:last-child]:border';
const cardHeaderRow = 'max-sm:flex max-sm:flex-wrap max-sm:gap-1 max-sm:border-0 max-sm:pb-2';
const cardRow = 'max-sm:mb-3 max-sm:block max-sm:rounded-lg max-sm:border max-sm:p-3 max-sm:last:mb-0';
const cardLine = 'max-sm:flex max-sm:min-w-0 max-sm:items-center max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:whitespace-normal';
const cardCell = cn(
  cardLine,
  'max-sm:justify-between max-sm:text-right max-sm:break-all max-sm:before:shrink-0 max-sm:before:text-left ' +
    'max-sm:before:font-medium max-sm:before:break-normal max-sm:before:text-muted-foreground ' +
    'max-sm:before:content-[attr(data-label)]',
);

export function UsersTable({
  users,
  emptyMessage,
  timeZone,
  busy = false,
  order,
  onSort,
}: {
  users: readonly PasswordExpirationRecord[];
  emptyMessage: string;
  /** The organization's IANA zone for dates; the viewer's when unknown. */
  timeZone: string | undefined;
  /** Another page or search is loading; the rows shown are the previous ones. */
  busy?: boolean;
  /** The server's order of the rows; with `onSort`, the sortable headers are buttons. */
  order?: UsersTableOrder;
  onSort?: (column: PasswordExpirationSort) => void;
}) {
  return (
    <Table aria-busy={busy} className={cardTable}>
      <TableHeader className={cardHeader}>
        <TableRow className={cardHeaderRow}>
          {columns.map(({ name, sort }) => {
            const sortable = sort && order && onSort ? { sort, order, onSort } : null;
            return (
              <TableHead
                key={name}
                aria-sort={sortable ? ariaSortOf(sortable.order, sortable.sort) : undefined}
                className={cn(name === 'Actions' && cn('text-right', pinnedRight), sortable ? 'max-sm:h-auto max-sm:px-0' : 'max-sm:hidden')}
              >
                {sortable ? (
                  <SortButton name={name} direction={ariaSortOf(sortable.order, sortable.sort)} onClick={() => sortable.onSort(sortable.sort)} />
                ) : (
                  name
                )}
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody className={cardBody}>
        {users.length === 0 ? (
          <TableRow className={cardRow}>
            <TableCell colSpan={columns.length} className="py-8 text-center whitespace-normal text-muted-foreground max-sm:block">
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

function SortButton({ name, direction, onClick }: { name: string; direction: 'ascending' | 'descending' | 'none'; onClick: () => void }) {
  const Icon = direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <Button variant="ghost" size="sm" className="-ml-2 h-8 px-2 max-sm:ml-0 max-sm:border" onClick={onClick}>
      {name}
      <Icon aria-hidden className={direction === 'none' ? 'opacity-40' : undefined} />
    </Button>
  );
}

/** Why the row's send button is off, or null when it can send. */
function cannotSend(user: PasswordExpirationRecord, name: string): string | null {
  if (user.daysUntilExpiry === null) return `${name}'s password has no expiry date`;
  // The server refuses it too: the mail would say the password expires soon.
  if (user.daysUntilExpiry < 0) return `${name}'s password has already expired: a reminder would say it expires soon`;
  if (!user.reachable) return `${name} has no mailbox address`;
  return null;
}

function UserRow({ user, timeZone }: { user: PasswordExpirationRecord; timeZone: string | undefined }) {
  const sendEmail = useSendManualEmail();
  const name = user.userDisplayName || user.userEmail;
  const sendBlocked = cannotSend(user, name);
  // Sending one user's reminder by hand takes the Helpdesk role; viewers only read.
  const maySend = useCan('helpdesk');

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
    <TableRow className={cardRow}>
      <TableCell className={cardLine}>
        <div className="flex min-w-0 items-center gap-2">
          <Avatar>
            <AvatarFallback aria-hidden>{initials(user.userDisplayName, user.userEmail)}</AvatarFallback>
          </Avatar>
          <span className="font-medium sm:max-w-48 sm:truncate" title={user.userDisplayName}>
            {user.userDisplayName}
          </span>
        </div>
      </TableCell>
      <TableCell data-label="Email" className={cn(cardCell, 'sm:max-w-64 sm:truncate')} title={user.userEmail}>
        {user.userEmail}
      </TableCell>
      <TableCell data-label="Language" className={cn(cardCell, 'text-muted-foreground max-sm:break-normal')}>
        {languageLabel(user.preferredLanguage)}
      </TableCell>
      <TableCell data-label="Expires In" className={cardCell}>
        <ExpiryBadge daysUntilExpiry={user.daysUntilExpiry} />
      </TableCell>
      <TableCell data-label="Reason" className={cn(cardCell, 'text-muted-foreground max-sm:break-normal')}>
        {expiryReasonLabel(user.expiryReason, user.validityDays, user.expirySource)}
      </TableCell>
      <TableCell data-label="Last Notified" className={cn(cardCell, 'text-muted-foreground max-sm:break-normal')}>
        <div className="flex flex-wrap items-center gap-2 max-sm:justify-end sm:flex-nowrap">
          <span>{user.lastNotified ? formatDateTimeUs(user.lastNotified, timeZone) : 'Never'}</span>
          {user.latestReminder && <DeliveryBadge delivery={user.latestReminder} />}
        </div>
      </TableCell>
      <TableCell data-label="Status" className={cardCell}>
        <RowStatusBadge status={rowStatus(user)} />
      </TableCell>
      <TableCell data-label="Actions" className={cn(cardCell, pinnedRight)}>
        <div className="flex justify-end gap-1">
          {maySend && (
            <RowAction
              label={sendBlocked ?? `Send expiration email to ${name}`}
              disabled={sendBlocked !== null || sendEmail.isPending}
              onClick={() =>
                sendEmail.mutate(manualEmailBody(user, timeZone), {
                  onSuccess: (response) => toast(manualEmailToasts.success(response)),
                  onError: (error) => toast(manualEmailToasts.failure(error)),
                })
              }
            >
              {sendEmail.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <MailIcon aria-hidden />}
            </RowAction>
          )}
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
