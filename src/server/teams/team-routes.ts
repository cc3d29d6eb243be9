import type { FastifyInstance } from 'fastify';
import {
  changeRoleBody,
  createInvitationBody,
  invitationParams,
  invitationTokenBody,
  memberParams,
  transferOwnershipBody,
  type Invitation,
  type InvitationAccepted,
  type InvitationPreview,
  type InvitationSent,
  type Member,
} from '../../shared/api/teams.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import { validate } from '../http/validate.js';
import {
  acceptInvitation,
  createInvitation,
  type InvitationDeps,
  listPendingInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.js';
import { changeMemberRole, leaveOrganization, listMembers, type MembersDeps, removeMember, transferOwnership } from './members.js';

/** The Members page and invitations (docs/product.md §Teams and roles). */
export function registerTeamRoutes(app: FastifyInstance, deps: MembersDeps & InvitationDeps): void {
  app.get('/api/members', allow('viewer'), async (request): Promise<Member[]> => listMembers(deps.db, tenantIdOf(request)));

  app.put('/api/members/:userId/role', allow('owner'), async (request, reply) => {
    const { userId } = validate(memberParams, request.params);
    const { role } = validate(changeRoleBody, request.body);
    await changeMemberRole(deps, tenantIdOf(request), userIdOf(request), userId, role);
    return reply.status(204).send();
  });

  app.delete('/api/members/:userId', allow('owner'), async (request, reply) => {
    const { userId } = validate(memberParams, request.params);
    await removeMember(deps, tenantIdOf(request), userIdOf(request), userId);
    return reply.status(204).send();
  });

  app.post('/api/members/leave', allow('viewer'), async (request, reply) => {
    await leaveOrganization(deps, tenantIdOf(request), userIdOf(request));
    return reply.status(204).send();
  });

  app.post('/api/members/transfer-ownership', allow('owner'), async (request, reply) => {
    const { userId } = validate(transferOwnershipBody, request.body);
    await transferOwnership(deps, tenantIdOf(request), userIdOf(request), userId);
    return reply.status(204).send();
  });

  app.get('/api/invitations', allow('owner'), async (request): Promise<Invitation[]> => listPendingInvitations(deps, tenantIdOf(request)));

  app.post('/api/invitations', allow('owner'), async (request, reply): Promise<InvitationSent> => {
    const input = validate(createInvitationBody, request.body);
    const sent = await createInvitation(deps, tenantIdOf(request), { userId: userIdOf(request), role: request.tenantAccess!.role }, input);
    reply.status(201);
    return sent;
  });

  app.post('/api/invitations/:id/resend', allow('owner'), async (request): Promise<InvitationSent> => {
    const { id } = validate(invitationParams, request.params);
    return resendInvitation(deps, tenantIdOf(request), userIdOf(request), id);
  });

  app.delete('/api/invitations/:id', allow('owner'), async (request, reply) => {
    const { id } = validate(invitationParams, request.params);
    await revokeInvitation(deps, tenantIdOf(request), userIdOf(request), id);
    return reply.status(204).send();
  });

  // The link's holder, before signing in: the token is the credential.
  app.post('/api/invitations/preview', allow('public'), async (request): Promise<InvitationPreview> => {
    const { token } = validate(invitationTokenBody, request.body);
    return previewInvitation(deps, token);
  });

  app.post('/api/invitations/accept', allow('signed-in'), async (request): Promise<InvitationAccepted> => {
    const { token } = validate(invitationTokenBody, request.body);
    const accepted = await acceptInvitation(deps, token, userIdOf(request));
    request.log.info({ tenantId: accepted.tenantId, role: accepted.role }, 'invitation accepted');
    return accepted;
  });
}
