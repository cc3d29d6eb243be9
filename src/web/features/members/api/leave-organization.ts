import { apiRequest } from '@/lib/api-client';
import { useMembershipChange } from './membership-change';

/** POST /api/members/leave (any member but the last owner). */
export const useLeaveOrganization = () => useMembershipChange(() => apiRequest('POST', '/api/members/leave'));
