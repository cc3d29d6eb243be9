import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { listTenantsResponse } from '../../../../shared/api/tenants';
import { roleDescriptions, roleLabels } from '../../../../shared/domain/member-roles';
import { PageLayout } from '@/components/page-layout';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getJson } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { navigateToServerRoute } from '@/lib/navigation';
import { tenantsQueryKey } from '@/lib/query-keys';
import { useTenantContext } from '@/lib/tenant-context';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/preview-invitation';
import { forgetInvitationToken, invitationToken, keepInvitationToken } from '../utils/pending-invitation';

/**
 * /invitation#<token>: what the invitation offers; signed out, Sign In to Accept (the token is kept
 * for this tab across the sign-in); signed in, Accept Invitation joins and opens the dashboard.
 */
export default function InvitationPage({ signedIn }: { signedIn: boolean }) {
  const [token] = useState(() => invitationToken(window.location.hash));
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const queryClient = useQueryClient();
  const { setSelectedTenant } = useTenantContext();
  const [, navigate] = useLocation();

  const join = () =>
    token &&
    accept.mutate(token, {
      onSuccess: async (accepted) => {
        forgetInvitationToken();
        const tenants = await queryClient.fetchQuery({ queryKey: tenantsQueryKey, queryFn: () => getJson('/api/tenants', listTenantsResponse) });
        const joined = tenants.find((tenant) => tenant.id === accepted.tenantId);
        if (joined) setSelectedTenant(joined);
        navigate('/dashboard');
      },
    });

  const invitation = preview.data;
  return (
    <PageLayout title="Invitation">
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle asChild>
            <h2>{invitation ? `Join ${invitation.organization}` : 'Join an organization'}</h2>
          </CardTitle>
          {invitation && (
            <CardDescription>
              {invitation.invitedBy ?? 'An owner'} invites you as {roleLabels[invitation.role]}: {roleDescriptions[invitation.role]}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token && <p className="text-sm">This page opens from the link in an invitation mail. The link is missing here: open it from the mail again.</p>}
          {preview.isPending && token && <Spinner label="Reading the invitation" />}
          {(preview.error || accept.error) && (
            <Alert variant="destructive">
              <AlertTitle>The invitation cannot be used</AlertTitle>
              <AlertDescription>{getErrorMessage(preview.error ?? accept.error, 'Please try again')}</AlertDescription>
            </Alert>
          )}
          {invitation && (
            <p className="text-sm text-muted-foreground">
              The link works once and expires on {new Date(invitation.expiresAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.
            </p>
          )}
        </CardContent>
        {invitation && token && (
          <CardFooter>
            {signedIn ? (
              <Button onClick={join} disabled={accept.isPending}>
                Accept Invitation
              </Button>
            ) : (
              <Button
                onClick={() => {
                  keepInvitationToken(token);
                  navigateToServerRoute('/api/login');
                }}
              >
                Sign In to Accept
              </Button>
            )}
          </CardFooter>
        )}
      </Card>
    </PageLayout>
  );
}
