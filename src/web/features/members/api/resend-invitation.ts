import { invitationSentSchema } from '../../../../shared/api/teams';
import { requestJson } from '@/lib/api-client';
import { useMembershipChange } from './membership-change';

/** POST /api/invitations/:id/resend (owners): a new link; the old one stops working. */
export const useResendInvitation = () => useMembershipChange((id: string) => requestJson('POST', `/api/invitations/${id}/resend`, invitationSentSchema));
