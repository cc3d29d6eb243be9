import type { OperatorAuditEntry } from '../../../../shared/api/admin';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTimeUs } from '../../overview/utils/format-date-time';
import { useOperatorAudit } from '../api/get-operator-audit';

const ACTION_LABELS: Record<OperatorAuditEntry['action'], string> = {
  admin_sign_in: 'Admin sign-in',
  users_export: 'User list export',
  announcement_published: 'System update published',
};

/** Admin Dashboard > Overview: who used operator rights, and when. */
export function OperatorAuditCard() {
  const { data: entries, error, refetch } = useOperatorAudit();
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>Operator Audit Log</h2>
        </CardTitle>
        <CardDescription>Sign-ins with admin rights and exports of the user list, newest first (latest 100).</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <LoadErrorAlert title="Unable to load the operator audit log" error={error} onRetry={() => void refetch()} />
        ) : !entries ? (
          <Spinner label="Loading the operator audit log" />
        ) : (
          <OperatorAuditTable entries={entries} />
        )}
      </CardContent>
    </Card>
  );
}

export function OperatorAuditTable({ entries }: { entries: readonly OperatorAuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No operator activity yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Operator</TableHead>
          <TableHead>IP Address</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-nowrap">{formatDateTimeUs(entry.createdAt, 'UTC')}</TableCell>
            <TableCell>{ACTION_LABELS[entry.action]}</TableCell>
            <TableCell>
              <div className="font-medium">{entry.email ?? entry.subject}</div>
              <div className="text-xs text-muted-foreground break-all">
                {entry.issuer} · {entry.subject}
              </div>
            </TableCell>
            <TableCell>{entry.ipAddress ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
