import { useQuery } from '@tanstack/react-query';
import { invitationPreviewSchema } from '../../../../shared/api/teams';
import { requestJson } from '@/lib/api-client';

/** POST /api/invitations/preview: what the link offers (a POST: the token stays out of URLs and logs). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['/api/invitations/preview', token],
    queryFn: () => requestJson('POST', '/api/invitations/preview', invitationPreviewSchema, { token }),
    enabled: token !== null,
    retry: false,
  });
}
