import { roleLabels, type MemberRole } from '../../shared/domain/member-roles.js';
import { type RenderedMail, renderMail } from './render-account-mail.js';

export interface InvitationMail {
  organization: string;
  invitedBy: string;
  role: MemberRole;
  /** The single-use link with its token: rendered and sent, never stored (docs/product.md §Invitations). */
  link: string;
  /** YYYY-MM-DD HH:mm UTC */
  expiresAt: string;
}

/** The invitation to join an organization, with its single-use link. */
export function renderInvitationMail(invitation: InvitationMail, appUrl: string): RenderedMail {
  const role = roleLabels[invitation.role];
  return renderMail(
    {
      subject: `${invitation.invitedBy} invites you to ${invitation.organization} on Passwatch`,
      title: `Join ${invitation.organization} on Passwatch`,
      blocks: [
        { paragraph: `${invitation.invitedBy} invites you to ${invitation.organization} on Passwatch as ${role}.` },
        { paragraph: `The link works once and expires on ${invitation.expiresAt}. Whoever signs in through it joins the organization: do not forward it.` },
        { link: invitation.link, label: 'Accept the invitation' },
      ],
    },
    { text: 'You get this because an owner of the organization invited this address. If you did not expect it, ignore it:', link: appUrl },
  );
}
