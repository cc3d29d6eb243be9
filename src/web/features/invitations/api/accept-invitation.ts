import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationAcceptedSchema } from '../../../../shared/api/teams';
import { requestJson } from '@/lib/api-client';
import { authUserQueryKey, tenantsQueryKey } from '@/lib/query-keys';

/** POST /api/invitations/accept: joins the organization; the user's organizations are read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => requestJson('POST', '/api/invitations/accept', invitationAcceptedSchema, { token }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: tenantsQueryKey }), queryClient.invalidateQueries({ queryKey: authUserQueryKey })]),
  });
}
