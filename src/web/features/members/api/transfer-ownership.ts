import { apiRequest } from '@/lib/api-client';
import { useMembershipChange } from './membership-change';

/** POST /api/members/transfer-ownership (owners): the member becomes owner, the caller admin. */
export const useTransferOwnership = () => useMembershipChange((userId: string) => apiRequest('POST', '/api/members/transfer-ownership', { userId }));
