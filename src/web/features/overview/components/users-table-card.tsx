import { memo, useEffect, useId, useState } from 'react';
import { DownloadIcon, LoaderCircleIcon, RefreshCwIcon, SearchIcon } from 'lucide-react';
import type { PasswordExpirationFilter } from '../../../../shared/api/notifications';
import { ExpiryFilterButtons } from '@/components/expiry-filter-buttons';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/member-role';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useExportUsersTable } from '../api/export-users-table';
import { FIRST_USERS_TABLE_PAGE } from '../api/prefetch-overview';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useOrganizationTimeZone } from '../api/get-organization-time-zone';
import { usePasswordExpirationsPage } from '../api/get-password-expirations';
import { useRunCheck } from '../api/run-check';
import { refreshUsersToasts } from '../utils/overview-toasts';
import { pageCount } from '../utils/paging';
import { NO_CHECK_YET_TEXT, usersTableEmptyText } from '../utils/users-table-empty-text';
import { nextOrder, type UsersTableOrder } from '../utils/users-table-view';
import { Pager } from './pager';
import { UsersTable } from './users-table';

const SEARCH_DEBOUNCE_MS = 300;
const { pageSize } = FIRST_USERS_TABLE_PAGE;

/**
 * docs/product.md §Users table: the users with expiring passwords, a search box, Refresh (runs a
 * check) and Export CSV (every user under the filter and search, in the table's order). It
 * opens on the users expiring soon, soonest first; filter buttons and the sortable headers change
 * the view. The server filters, sorts, searches and pages: a large organization's check holds tens
 * of thousands of users.
 */
// Memoised: it takes no props, so the dashboard re-rendering around it (each query that answers)
// need not render it again; its own queries still do.
export const UsersTableCard = memo(function UsersTableCard() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  // One request per pause in typing.
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  // It opens on the request the dashboard may have started before it mounted (prefetch-overview.ts).
  const [filter, setFilter] = useState<PasswordExpirationFilter>(FIRST_USERS_TABLE_PAGE.filter);
  const [order, setOrder] = useState<UsersTableOrder>({ sort: FIRST_USERS_TABLE_PAGE.sort, direction: FIRST_USERS_TABLE_PAGE.direction });
  // The page belongs to the view it was chosen for: a new search, filter or order starts on page 1.
  const view = `${filter} ${order.sort} ${order.direction} ${search}`;
  const [paging, setPaging] = useState({ view, page: 1 });
  const page = paging.view === view ? paging.page : 1;
  const setPage = (next: number) => setPaging({ view, page: next });
  const { data, error, isPending, isFetching, isPlaceholderData } = usePasswordExpirationsPage({ ...order, filter, page, pageSize, search });
  // Days are counted on the organization's calendar: dates are shown on it too.
  const timeZone = useOrganizationTimeZone();
  const refresh = useRunCheck();
  const mayRefresh = useCan('admin');
  const exportCsv = useExportUsersTable();
  // An empty table before any check says so, instead of reading as "nobody expires".
  const { data: stats } = useDashboardStats();
  const neverChecked = stats !== undefined && stats.lastRun === null;

  // A check can shrink the list under the page being read: go to its new last page.
  const lastPage = data && !isPlaceholderData ? pageCount(data.total, pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPaging({ view, page: lastPage });
  }, [lastPage, page, view]);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Users with Expiring Passwords</h2>
          </CardTitle>
          <CardDescription>From the latest password check</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative">
            <label htmlFor={searchId} className="sr-only">
              Search users
            </label>
            <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={searchId}
              type="search"
              placeholder="Search by name or email"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="w-64 pl-8"
            />
          </div>
          {/* Refresh runs a check: an admin's. */}
          {mayRefresh && (
            <Button
              variant="outline"
              disabled={refresh.isPending || stats?.configured === false}
              aria-busy={refresh.isPending}
              onClick={() =>
                refresh.mutate(undefined, {
                  onSuccess: () => toast(refreshUsersToasts.success()),
                  onError: (refreshError) => toast(refreshUsersToasts.failure(refreshError)),
                })
              }
            >
              {refresh.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <RefreshCwIcon aria-hidden />}
              Refresh
            </Button>
          )}
          <Button
            variant="outline"
            disabled={exportCsv.isPending || !data || data.total === 0}
            aria-busy={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(
                { filter, ...order, search },
                {
                  onSuccess: (fileName) => toast({ title: 'Export Successful', description: `Users saved as ${fileName}.` }),
                  onError: (exportError) =>
                    toast({ variant: 'destructive', title: 'Export Failed', description: getErrorMessage(exportError, 'Failed to export users') }),
                },
              )
            }
          >
            {exportCsv.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
            Export CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ExpiryFilterButtons filter={filter} counts={data?.counts} busy={isFetching} onChange={setFilter} />
        {error ? (
          <p className="text-sm text-destructive">{getErrorMessage(error, 'Failed to load users')}</p>
        ) : isPending || (isPlaceholderData && data.total === 0) ? (
          // An empty page of the previous search would show the wrong empty text: wait for this one.
          <div className="flex justify-center py-8">
            <Spinner label="Loading users" />
          </div>
        ) : (
          <>
            <UsersTable
              users={data.records}
              emptyMessage={neverChecked ? NO_CHECK_YET_TEXT : usersTableEmptyText(search, filter)}
              timeZone={timeZone}
              busy={isFetching}
              order={order}
              onSort={(column) => setOrder(nextOrder(order, column))}
            />
            {data.total > 0 && <Pager label="Users table pages" page={page} pageSize={pageSize} total={data.total} busy={isFetching} onPageChange={setPage} />}
          </>
        )}
      </CardContent>
    </Card>
  );
});
