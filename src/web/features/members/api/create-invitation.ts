import { invitationSentSchema } from '../../../../shared/api/teams';
import type { MemberRole } from '../../../../shared/domain/member-roles';
import { requestJson } from '@/lib/api-client';
import { useMembershipChange } from './membership-change';

/** POST /api/invitations (owners): mails the link (or answers it when account mail is off). */
export const useCreateInvitation = () =>
  useMembershipChange((body: { email: string; role: MemberRole }) => requestJson('POST', '/api/invitations', invitationSentSchema, body));
