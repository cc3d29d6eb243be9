import { useQuery } from '@tanstack/react-query';
import { listMembersResponse } from '../../../../shared/api/teams';
import { getJson } from '@/lib/api-client';

export const membersQueryKey = ['/api/members'] as const;

/** GET /api/members: the selected organization's members. */
export function useMembers() {
  return useQuery({ queryKey: membersQueryKey, queryFn: ({ signal }) => getJson('/api/members', listMembersResponse, signal) });
}
