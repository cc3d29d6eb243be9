import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/api/paging';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/error-message';
import { useAuditLogPage } from '../api/get-audit-log-page';
import { useOrganizationTimeZone } from '../api/get-organization-time-zone';
import { formatDateTimeUs } from '../utils/format-date-time';
import { AuditStatusBadge } from './audit-status-badge';
import { Pager } from './pager';

/** The organization's whole audit history, a page at a time (the dashboard card shows 3). */
export function AuditLogDialog() {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const pageSize = DEFAULT_PAGE_SIZE;
  // Loaded only while open: the log can be long and nobody may ever look at it.
  const { data, error, isPending, isFetching } = useAuditLogPage({ page, pageSize, enabled: open });
  const timeZone = useOrganizationTimeZone();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setPage(1);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          View All Activity
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Audit Log</DialogTitle>
          <DialogDescription>Every configuration change, check and email for this organization, newest first.</DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>Unable to load the audit log</AlertTitle>
            <AlertDescription>{getErrorMessage(error, 'Failed to load the audit log')}</AlertDescription>
          </Alert>
        ) : isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading audit log" />
          </div>
        ) : (
          <>
            <Table aria-busy={isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Time</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Activity</TableHead>
                  <TableHead>By</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.entries.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={4} className="py-6 text-center text-muted-foreground">
                      No activity recorded yet.
                    </TableCell>
                  </TableRow>
                ) : (
                  data.entries.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell className="text-muted-foreground">
                        <time dateTime={entry.createdAt}>{formatDateTimeUs(entry.createdAt, timeZone)}</time>
                      </TableCell>
                      <TableCell>
                        <AuditStatusBadge status={entry.status} />
                      </TableCell>
                      <TableCell className="whitespace-normal">{entry.message}</TableCell>
                      <TableCell className="text-muted-foreground">{entry.actorName ?? 'System'}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
            <Pager label="Audit log pages" page={page} pageSize={pageSize} total={data.total} busy={isFetching} onPageChange={setPage} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
