import type { MemberRole } from '../../../../shared/domain/member-roles';
import { apiRequest } from '@/lib/api-client';
import { useMembershipChange } from './membership-change';

/** PUT /api/members/:userId/role (owners). */
export const useChangeMemberRole = () =>
  useMembershipChange(({ userId, role }: { userId: string; role: MemberRole }) => apiRequest('PUT', `/api/members/${userId}/role`, { role }));
