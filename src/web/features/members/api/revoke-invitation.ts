import { apiRequest } from '@/lib/api-client';
import { useMembershipChange } from './membership-change';

/** DELETE /api/invitations/:id (owners). */
export const useRevokeInvitation = () => useMembershipChange((id: string) => apiRequest('DELETE', `/api/invitations/${id}`));
