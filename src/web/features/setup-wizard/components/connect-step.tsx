import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PortalLabel } from './step-instructions';

const fieldSources = [
  { field: 'Tenant ID', source: 'Directory (tenant) ID, or a verified domain such as contoso.onmicrosoft.com' },
  { field: 'Azure Directory ID', source: 'Directory (tenant) ID' },
  { field: 'Application ID', source: 'Application (client) ID' },
  { field: 'Client Secret', source: "The secret's Value (not its Secret ID)" },
  { field: 'From Email', source: 'A mailbox in the tenant that sends the reminders (user or shared mailbox)' },
];

/** The final step: where each value goes. `demoCredentials` is the demo-mode panel, if any. */
export function ConnectStep({ demoCredentials }: { demoCredentials?: ReactNode }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Complete Setup opens the Configuration tab. Enter the values there, choose <PortalLabel>Save Configuration</PortalLabel>, then{' '}
        <PortalLabel>Test Configuration</PortalLabel> to check them against your tenant.
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Passwatch field</TableHead>
            <TableHead>Where to find it</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {fieldSources.map((row) => (
            <TableRow key={row.field}>
              <TableCell className="font-medium">{row.field}</TableCell>
              <TableCell className="whitespace-normal text-muted-foreground">{row.source}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {demoCredentials}
    </div>
  );
}
