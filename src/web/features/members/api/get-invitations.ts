import { useQuery } from '@tanstack/react-query';
import { listInvitationsResponse } from '../../../../shared/api/teams';
import { getJson } from '@/lib/api-client';

export const invitationsQueryKey = ['/api/invitations'] as const;

/** GET /api/invitations: the pending invitations (owners only: `enabled` is the caller's role). */
export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => getJson('/api/invitations', listInvitationsResponse, signal), enabled });
}
