import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Member } from '../../../../shared/api/teams';
import { type MemberRole, roleLabels } from '../../../../shared/domain/member-roles';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/member-role';
import { useTenantContext } from '@/lib/tenant-context';
import { useChangeMemberRole } from '../api/change-member-role';
import { useMembers } from '../api/get-members';
import { useLeaveOrganization } from '../api/leave-organization';
import { useRemoveMember } from '../api/remove-member';
import { useTransferOwnership } from '../api/transfer-ownership';
import { RoleSelect } from './role-select';

const formatWhen = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');
const nameOf = (member: Member) => member.name ?? member.email ?? 'Unnamed member';

const failed = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: getErrorMessage(error, 'Please try again') });

/** Members with role and last sign-in; owners change roles, remove members and hand over the ownership; anyone may leave. */
export function MembersCard({ currentUserId }: { currentUserId: string }) {
  const { data: members, error, refetch } = useMembers();
  const isOwner = useCan('owner');
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const leave = useLeaveOrganization();
  const { clearSelectedTenant } = useTenantContext();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const busy = changeRole.isPending || remove.isPending || transfer.isPending || leave.isPending;

  const onRole = (member: Member, role: MemberRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      { onSuccess: () => toast({ title: `${nameOf(member)} is now ${roleLabels[role]}` }), onError: failed('Role Not Changed') },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Members</h2>
        </CardTitle>
        <CardDescription>An organization always keeps at least one owner. Changes take effect at once, on every device.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error && <LoadErrorAlert title="Unable to load members" error={error} onRetry={() => void refetch()} />}
        {members && (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Member</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Last sign-in</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.map((member) => {
                const isMe = member.userId === currentUserId;
                const name = nameOf(member);
                return (
                  <TableRow key={member.userId}>
                    <TableCell>
                      <div className="font-medium">
                        {name}
                        {isMe && ' (you)'}
                      </div>
                      {member.email && <div className="text-xs text-muted-foreground">{member.email}</div>}
                    </TableCell>
                    <TableCell>
                      {isOwner ? (
                        <RoleSelect
                          id={`role-${member.userId}`}
                          label={`Role of ${name}`}
                          value={member.role}
                          disabled={busy}
                          onChange={(role) => onRole(member, role)}
                        />
                      ) : (
                        <Badge variant="secondary">{roleLabels[member.role]}</Badge>
                      )}
                    </TableCell>
                    <TableCell className="text-muted-foreground">{formatWhen(member.lastSignInAt)}</TableCell>
                    <TableCell>
                      <div className="flex flex-wrap justify-end gap-2">
                        {isOwner && !isMe && member.role !== 'owner' && (
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={busy}
                            onClick={() =>
                              transfer.mutate(member.userId, {
                                onSuccess: () => toast({ title: `${name} is now the owner` }),
                                onError: failed('Ownership Not Transferred'),
                              })
                            }
                          >
                            Make Owner, Step Down
                          </Button>
                        )}
                        {isOwner &&
                          !isMe &&
                          (confirming === member.userId ? (
                            <Button
                              variant="destructive"
                              size="sm"
                              disabled={busy}
                              onClick={() =>
                                remove.mutate(member.userId, {
                                  onSuccess: () => toast({ title: `${name} was removed` }),
                                  onError: failed('Member Not Removed'),
                                  onSettled: () => setConfirming(null),
                                })
                              }
                            >
                              Confirm Removal
                            </Button>
                          ) : (
                            <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming(member.userId)}>
                              Remove
                            </Button>
                          ))}
                        {isMe && (
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={busy}
                            onClick={() =>
                              leave.mutate(undefined, {
                                onSuccess: () => {
                                  clearSelectedTenant();
                                  navigate('/');
                                },
                                onError: failed('Could Not Leave'),
                              })
                            }
                          >
                            Leave Organization
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
