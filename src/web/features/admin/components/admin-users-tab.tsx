import { useState } from 'react';
import { SearchIcon } from 'lucide-react';
import type { AdminUser } from '../../../../shared/api/admin';
import { formatDateUs } from '../../../../shared/domain/us-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminUsers } from '../api/get-admin-users';
import { SubscriptionStatusBadge } from './subscription-status-badge';

const SEARCH_DEBOUNCE_MS = 300;

/** Admin Dashboard > Users: every user with their organizations, searchable (docs/product.md §Validation). */
export function AdminUsersTab() {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { data: users, error, isFetching } = useAdminUsers(debouncedSearch);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Users</h2>
        </CardTitle>
        <CardDescription>Everyone who has signed in, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid max-w-md gap-2">
          <Label htmlFor="admin-user-search">Search users</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="admin-user-search"
              type="search"
              className="pl-9"
              placeholder="Email, name or organization"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>Unable to load users</AlertTitle>
            <AlertDescription>{getErrorMessage(error, 'Please try again.')}</AlertDescription>
          </Alert>
        ) : !users ? (
          <Spinner label="Loading users" />
        ) : (
          <AdminUsersTable users={users} searching={isFetching} />
        )}
      </CardContent>
    </Card>
  );
}

export function AdminUsersTable({ users, searching = false }: { users: readonly AdminUser[]; searching?: boolean }) {
  if (users.length === 0) return <p className="text-sm text-muted-foreground">No users match your search.</p>;
  return (
    <Table aria-busy={searching}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Organizations</TableHead>
          <TableHead>Joined</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell className="font-medium">{[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}</TableCell>
            <TableCell>{user.email ?? '—'}</TableCell>
            <TableCell>
              {user.tenants.length === 0 ? (
                <span className="text-muted-foreground">None</span>
              ) : (
                <ul className="grid gap-1">
                  {user.tenants.map((organization) => (
                    <li key={organization.id} className="flex flex-wrap items-center gap-2">
                      <span>{organization.name}</span>
                      <SubscriptionStatusBadge status={organization.subscriptionStatus} cancelAtPeriodEnd={organization.cancelAtPeriodEnd} />
                    </li>
                  ))}
                </ul>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateUs(user.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
