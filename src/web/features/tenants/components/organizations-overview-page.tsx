import { useState } from 'react';
import { useLocation } from 'wouter';
import type { OrganizationOverview } from '../../../../shared/api/organizations-overview';
import { roleLabels } from '../../../../shared/domain/member-roles';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTenantContext } from '@/lib/tenant-context';
import { useTenants } from '../api/get-tenants';
import { useOrganizationsOverview } from '../api/get-organizations-overview';

type Column = { key: keyof OrganizationOverview; label: string; numeric?: boolean };

const COLUMNS: Column[] = [
  { key: 'name', label: 'Organization' },
  { key: 'connectionStatus', label: 'Connection' },
  { key: 'expiringSoon', label: 'Expiring soon', numeric: true },
  { key: 'expired', label: 'Expired', numeric: true },
  { key: 'neverReminded', label: 'Never reminded', numeric: true },
  { key: 'lastCheck', label: 'Last check' },
  { key: 'nextCheck', label: 'Next check' },
  { key: 'failedReminders', label: 'Failed reminders (7 days)', numeric: true },
  { key: 'subscriptionStatus', label: 'Subscription' },
];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

function compare(a: OrganizationOverview, b: OrganizationOverview, key: keyof OrganizationOverview): number {
  const [x, y] = [a[key], b[key]];
  if (x === y) return a.name.localeCompare(b.name);
  if (x === null) return 1;
  if (y === null) return -1;
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
}

/** /organizations: the organization picker grown up, for people with many organizations; sortable, each row opens its dashboard. */
export function OrganizationsOverviewPage() {
  const { data, error, refetch } = useOrganizationsOverview();
  const { data: tenants } = useTenants();
  const { setSelectedTenant } = useTenantContext();
  const [, navigate] = useLocation();
  const [sort, setSort] = useState<{ key: keyof OrganizationOverview; descending: boolean }>({ key: 'name', descending: false });

  const open = (id: string) => {
    const tenant = tenants?.find((candidate) => candidate.id === id);
    if (!tenant) return;
    setSelectedTenant(tenant);
    navigate('/dashboard');
  };
  const rows = data ? [...data].sort((a, b) => compare(a, b, sort.key) * (sort.descending ? -1 : 1)) : [];

  return (
    <PageLayout title="Organizations" description="Every organization you belong to, at a glance." actions={<LogoutButton />}>
      {error ? (
        <LoadErrorAlert title="Unable to load the organizations" error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <PageSpinner label="Loading organizations" />
      ) : (
        <Table aria-label="Organizations">
          <TableHeader>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableHead key={column.key} aria-sort={sort.key === column.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-ml-2 h-8 px-2"
                    onClick={() =>
                      setSort((current) => ({ key: column.key, descending: current.key === column.key ? !current.descending : Boolean(column.numeric) }))
                    }
                  >
                    {column.label}
                  </Button>
                </TableHead>
              ))}
              <TableHead>Your role</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Button variant="link" className="h-auto p-0" onClick={() => open(row.id)}>
                    {row.name}
                  </Button>
                  <div className="text-xs text-muted-foreground">{row.domain}</div>
                </TableCell>
                <TableCell>
                  <Badge variant={row.connectionStatus === 'connected' ? 'success' : row.connectionStatus === 'error' ? 'destructive' : 'secondary'}>
                    {row.configured ? row.connectionStatus : 'not configured'}
                  </Badge>
                </TableCell>
                <TableCell>{row.expiringSoon}</TableCell>
                <TableCell>{row.expired}</TableCell>
                <TableCell>{row.neverReminded}</TableCell>
                <TableCell>{when(row.lastCheck)}</TableCell>
                <TableCell>{when(row.nextCheck)}</TableCell>
                <TableCell>{row.failedReminders}</TableCell>
                <TableCell>{row.subscriptionStatus}</TableCell>
                <TableCell>{roleLabels[row.role]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PageLayout>
  );
}
