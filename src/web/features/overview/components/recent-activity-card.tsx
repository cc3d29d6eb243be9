import { memo } from 'react';
import type { AuditLogEntry } from '../../../../shared/api/audit';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/error-message';
import { RECENT_ACTIVITY_SHOWN, useLatestAuditLogs } from '../api/get-latest-audit-logs';
import { useOrganizationTimeZone } from '../api/get-organization-time-zone';
import { formatDateTimeUs } from '../utils/format-date-time';
import { AuditLogDialog } from './audit-log-dialog';
import { AuditStatusBadge } from './audit-status-badge';

/** docs/product.md §Screens and routes: the first 3 of the latest 5 audit entries, or 'No recent activity'. */
// Memoised: it takes no props, so the dashboard re-rendering around it (each query that answers)
// need not render it again; its own queries still do.
export const RecentActivityCard = memo(function RecentActivityCard() {
  const { data, error, isPending } = useLatestAuditLogs();
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Recent Activity</h2>
          </CardTitle>
          <CardDescription>The latest checks, emails and changes</CardDescription>
        </div>
        <AuditLogDialog />
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-destructive">{getErrorMessage(error, 'Failed to load recent activity')}</p>
        ) : isPending ? (
          <Spinner label="Loading recent activity" />
        ) : (
          <RecentActivityList entries={data.slice(0, RECENT_ACTIVITY_SHOWN)} />
        )}
      </CardContent>
    </Card>
  );
});

function RecentActivityList({ entries }: { entries: readonly AuditLogEntry[] }) {
  const timeZone = useOrganizationTimeZone();
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No recent activity</p>;
  return (
    <ul className="grid gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 gap-0.5">
            <p className="text-sm">{entry.message}</p>
            <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
              {formatDateTimeUs(entry.createdAt, timeZone)}
            </time>
          </div>
          <AuditStatusBadge status={entry.status} />
        </li>
      ))}
    </ul>
  );
}
