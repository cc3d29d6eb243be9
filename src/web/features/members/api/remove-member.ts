import { apiRequest } from '@/lib/api-client';
import { useMembershipChange } from './membership-change';

/** DELETE /api/members/:userId (owners). */
export const useRemoveMember = () => useMembershipChange((userId: string) => apiRequest('DELETE', `/api/members/${userId}`));
