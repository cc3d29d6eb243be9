import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useConnectionStatus } from '@/features/dashboard/api/get-connection-status';
import { REQUIRED_GRAPH_PERMISSIONS } from '../../../../shared/domain/graph-permissions';
import { permissionGrants } from '../utils/permission-grants';
import { PortalLabel, StepInstructions, StepNote } from './step-instructions';

export function ApiPermissionsStep() {
  // Once the app has signed in, the table says which permissions its token was granted.
  const { data: status } = useConnectionStatus();
  const grantOf = permissionGrants(status);
  const missing = status?.missingPermissions ?? [];
  return (
    <div className="grid gap-4">
      <StepInstructions>
        <li>
          In the app registration, open <PortalLabel>API permissions</PortalLabel> and choose <PortalLabel>Add a permission</PortalLabel>.
        </li>
        <li>
          Choose <PortalLabel>Microsoft Graph</PortalLabel>, then <PortalLabel>Application permissions</PortalLabel> (not delegated permissions).
        </li>
        <li>
          Search for and tick each of the {REQUIRED_GRAPH_PERMISSIONS.length} permissions below, then choose <PortalLabel>Add permissions</PortalLabel>.
        </li>
        <li>
          Choose <PortalLabel>Grant admin consent for &lt;your organization&gt;</PortalLabel> and confirm with <PortalLabel>Yes</PortalLabel>. Every
          permission&apos;s <PortalLabel>Status</PortalLabel> must read <em>Granted for &lt;your organization&gt;</em>.
        </li>
      </StepInstructions>
      {grantOf && missing.length > 0 && (
        <p role="status" className="text-sm font-medium text-destructive">
          Your app registration is missing {missing.join(', ')}. Add {missing.length > 1 ? 'them' : 'it'}, grant admin consent, then run Test Connection again.
        </p>
      )}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Permission (Application)</TableHead>
            <TableHead>Used to</TableHead>
            {grantOf && <TableHead>Your app</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {REQUIRED_GRAPH_PERMISSIONS.map((permission) => (
            <TableRow key={permission.name}>
              <TableCell>
                <code className="font-mono text-xs">{permission.name}</code>
              </TableCell>
              <TableCell className="whitespace-normal text-muted-foreground">{permission.purpose}</TableCell>
              {grantOf && (
                <TableCell>
                  {grantOf(permission.name) === 'missing' ? <Badge variant="destructive">Missing</Badge> : <Badge variant="success">Granted</Badge>}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <StepNote>
        Mail.Send as an application permission may send as any mailbox. To limit it to the sender mailbox, an Exchange administrator can scope the app with RBAC
        for Applications in Exchange Online. Groups with hidden membership also need Member.Read.Hidden.
      </StepNote>
    </div>
  );
}
