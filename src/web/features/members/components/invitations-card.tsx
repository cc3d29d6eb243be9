import { useState, type FormEvent } from 'react';
import type { InvitationSent } from '../../../../shared/api/teams';
import { grantableRoles, type MemberRole, roleLabels } from '../../../../shared/domain/member-roles';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useMemberRole } from '@/lib/member-role';
import { useCreateInvitation } from '../api/create-invitation';
import { useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { RoleSelect } from './role-select';

const failed = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: getErrorMessage(error, 'Please try again') });

/** Owners invite by address and role (none above their own), and resend or revoke pending invitations. */
export function InvitationsCard() {
  const role = useMemberRole() ?? 'viewer';
  const { data: invitations, error, refetch } = useInvitations(true);
  const create = useCreateInvitation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [invitedRole, setInvitedRole] = useState<MemberRole>('helpdesk');
  // Without account mail the server answers the link once, for the owner to pass on.
  const [unmailedLink, setUnmailedLink] = useState<string | null>(null);

  const sent = (invitation: InvitationSent) => {
    setUnmailedLink(invitation.link);
    toast({ title: invitation.mailed ? `Invitation sent to ${invitation.email}` : `Invitation created for ${invitation.email}` });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { email, role: invitedRole },
      {
        onSuccess: (invitation) => {
          sent(invitation);
          setEmail('');
        },
        onError: failed('Invitation Not Sent'),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Invitations</h2>
        </CardTitle>
        <CardDescription>
          The invitation mail carries a link that works once and expires after 7 days. Whoever signs in through it joins with the role chosen here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form aria-label="Invite a colleague" className="flex flex-wrap items-end gap-3" onSubmit={submit}>
          <div className="grid min-w-64 flex-1 gap-1.5">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="colleague@example.com"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <RoleSelect id="invite-role" label="Role" value={invitedRole} allowed={grantableRoles(role)} onChange={setInvitedRole} />
          </div>
          <Button type="submit" disabled={create.isPending}>
            Send Invitation
          </Button>
        </form>
        {unmailedLink && (
          <Alert>
            <AlertTitle>Account mail is off: pass this link on yourself</AlertTitle>
            <AlertDescription className="break-all">{unmailedLink}</AlertDescription>
          </Alert>
        )}
        {error && <LoadErrorAlert title="Unable to load invitations" error={error} onRetry={() => void refetch()} />}
        {invitations && invitations.length === 0 && <p className="text-sm text-muted-foreground">No pending invitations.</p>}
        {invitations && invitations.length > 0 && (
          <ul className="grid gap-2" aria-label="Pending invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <div>
                  <div className="font-medium">
                    {invitation.email} · {roleLabels[invitation.role]}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    Invited by {invitation.invitedBy ?? 'a former member'}, expires{' '}
                    {new Date(invitation.expiresAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(invitation.id, { onSuccess: sent, onError: failed('Invitation Not Resent') })}
                  >
                    Resend
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(invitation.id, {
                        onSuccess: () => toast({ title: `Invitation of ${invitation.email} revoked` }),
                        onError: failed('Invitation Not Revoked'),
                      })
                    }
                  >
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
