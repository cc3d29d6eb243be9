import { UsersRoundIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardIconTitle } from '@/components/ui/card';
import { SecurityGroupsPending } from '@/components/security-groups-pending';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/member-role';
import { groupsReadableWith, useSecurityGroups } from '@/lib/security-groups-query';
import { useConfigurationForm } from '../hooks/configuration-form';
import { GroupPicker } from './group-picker';
import { PreviewUsersDialog } from './preview-users-dialog';

/** Include and exclude security groups, and the Preview Users dialog. */
export function GroupFiltersCard() {
  const { configuration } = useConfigurationForm();
  // The server reads groups with the saved credentials: nothing to ask before they are saved.
  // Reading the tenant's groups is for those who may choose them (admins).
  const mayChoose = useCan('admin');
  const viaPasswatchApp = configuration?.connectionMethod === 'passwatch_app';
  const connectionSaved = mayChoose && groupsReadableWith(configuration);
  const groupsQuery = useSecurityGroups({ enabled: connectionSaved });
  const groups = groupsQuery.data;

  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={UsersRoundIcon}>Security Group Filters</CardIconTitle>
        <CardDescription>
          Choose who gets reminders. Members of nested groups count. Adding or removing a group saves the configuration straight away.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SecurityGroupsPending connectionSaved={connectionSaved} loading={groupsQuery.isPending} />
        {groupsQuery.isError && (
          <Alert variant="destructive">
            <AlertTitle>Unable to load security groups</AlertTitle>
            <AlertDescription>
              <p>{getErrorMessage(groupsQuery.error, groupsQuery.error.message)}</p>
              <p>
                {viaPasswatchApp
                  ? 'The Passwatch app may have lost its access to your tenant (its consent removed in Entra ID): choose Reconnect on this tab and Accept as a Global Administrator.'
                  : 'Check that the credentials are right and that the app registration has the Group.Read.All and GroupMember.Read.All application permissions with admin consent granted.'}
              </p>
            </AlertDescription>
          </Alert>
        )}
        {groups && groups.length === 0 && <p className="text-sm text-muted-foreground">No security groups available</p>}
        <div className="grid gap-5 md:grid-cols-2">
          <GroupPicker list="includeGroups" groups={groups} />
          <GroupPicker list="excludeGroups" groups={groups} />
        </div>
      </CardContent>
      <CardFooter>
        <PreviewUsersDialog disabled={!connectionSaved} />
      </CardFooter>
    </Card>
  );
}
