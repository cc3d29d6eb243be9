import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon, RefreshCwIcon, SearchIcon } from 'lucide-react';
import type { Configuration } from '../../../../shared/api/configuration';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { usePasswordExpirations } from '../api/get-password-expirations';
import { configurationQueryKey } from '../api/overview-query-keys';
import { useRunCheck } from '../api/run-check';
import { refreshUsersToasts } from '../utils/overview-toasts';
import { searchUsers } from '../utils/search-users';
import { UsersTable } from './users-table';

/** Spec section 2: the users with expiring passwords, a search box and Refresh (runs a check). */
export function UsersTableCard() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const { data: users, error, isPending } = usePasswordExpirations();
  // Days are counted on the organization's calendar: dates are shown on it too.
  const { data: configuration } = useQuery<Configuration>({ queryKey: configurationQueryKey });
  const refresh = useRunCheck();

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Users with Expiring Passwords</h2>
          </CardTitle>
          <CardDescription>From the latest password check, soonest expiry first</CardDescription>
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
          <Button
            variant="outline"
            disabled={refresh.isPending}
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
        </div>
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-destructive">{getErrorMessage(error, 'Failed to load users')}</p>
        ) : isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading users" />
          </div>
        ) : (
          <UsersTable
            users={searchUsers(users, query)}
            emptyMessage={users.length === 0 ? 'No users with expiring passwords.' : 'No users found matching your search.'}
            timeZone={configuration?.timeZone}
          />
        )}
      </CardContent>
    </Card>
  );
}
