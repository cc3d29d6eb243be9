import { z } from 'zod';
import { MEMBER_ROLES } from '../domain/member-roles.js';
import { guid } from './guid.js';

// Members and invitations of an organization (docs/product.md §Teams and roles).

const memberRoleSchema = z.enum(MEMBER_ROLES, { error: 'Choose a role: Owner, Admin, Helpdesk or Viewer' });

export const teamMessages = {
  lastOwner: 'An organization keeps at least one owner: make someone else an owner first.',
  memberNotFound: 'No such member in this organization',
  invitationNotFound: 'No such pending invitation',
  invitationUnusable: 'This invitation link is not valid: it was already used, revoked, or never existed.',
  invitationExpired: 'This invitation has expired. Ask the organization’s owner to send a new one.',
  alreadyMember: 'You are already a member of this organization.',
  cannotGrant: 'You cannot grant a role above your own.',
  emailInvalid: 'Enter a valid email address',
  transferToSelf: 'Choose another member to transfer the ownership to.',
  useLeave: 'To leave the organization, use Leave Organization.',
} as const;

/** GET /api/members: one row per member. */
const memberSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: memberRoleSchema,
  joinedAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const listMembersResponse = z.array(memberSchema);

export const memberParams = z.object({ userId: guid(teamMessages.memberNotFound) });

/** PUT /api/members/:userId/role */
export const changeRoleBody = z.object({ role: memberRoleSchema }).strict();

/** POST /api/members/transfer-ownership: the member who becomes owner; the caller becomes admin. */
export const transferOwnershipBody = z.object({ userId: guid(teamMessages.memberNotFound) }).strict();

/** GET /api/invitations: the pending ones (neither accepted, revoked nor expired). */
const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const listInvitationsResponse = z.array(invitationSchema);

export const invitationParams = z.object({ id: guid(teamMessages.invitationNotFound) });

/** POST /api/invitations */
export const createInvitationBody = z
  .object({
    email: z.string({ error: teamMessages.emailInvalid }).trim().toLowerCase().pipe(z.email(teamMessages.emailInvalid).max(254, teamMessages.emailInvalid)),
    role: memberRoleSchema,
  })
  .strict();

/**
 * POST /api/invitations and .../resend. `link` only when account mail is off (no SMTP): the owner
 * passes it on; otherwise it went by mail and is never shown.
 */
export const invitationSentSchema = invitationSchema.extend({ mailed: z.boolean(), link: z.string().nullable() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** The token from the invitation link: 43 base64url characters (32 random bytes). */
export const invitationTokenBody = z
  .object({ token: z.string({ error: teamMessages.invitationUnusable }).regex(/^[A-Za-z0-9_-]{43}$/, teamMessages.invitationUnusable) })
  .strict();

/** POST /api/invitations/preview: what the link offers, before signing in. */
export const invitationPreviewSchema = z.object({ organization: z.string(), role: memberRoleSchema, invitedBy: z.string().nullable(), expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/invitations/accept: the organization joined. */
export const invitationAcceptedSchema = z.object({ tenantId: z.string(), organization: z.string(), role: memberRoleSchema });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

export const INVITATION_VALID_DAYS = 7;
