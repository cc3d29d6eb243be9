import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  INVITATION_VALID_DAYS,
  type Invitation,
  type InvitationAccepted,
  type InvitationPreview,
  type InvitationSent,
  teamMessages,
} from '../../shared/api/teams.js';
import { DAY_MS } from '../../shared/domain/day-length.js';
import { type MemberRole, roleAtLeast, roleLabels } from '../../shared/domain/member-roles.js';
import { type InvitationMail, renderInvitationMail, smtpFailure } from '../account-mail/index.js';
import type { AccountMailServices } from '../account-mail/index.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { invitations, memberships, tenants, users } from '../db/schema/index.js';
import { AppError, conflict, forbidden, notFound } from '../http/app-error.js';
import { lockOrganization, type Transaction } from './organization-lock.js';
import { utcMinute } from '../../shared/domain/utc-minute.js';

export interface InvitationDeps {
  db: Database;
  clock: Clock;
  accountMail: Pick<AccountMailServices, 'sendNow' | 'appUrl'>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** The page that takes the token from the fragment: it never reaches a server log or a Referer. */
const invitationLink = (appUrl: string, token: string) => `${appUrl}/invitation#${token}`;

const pending = (now: Date) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

type InvitationRow = typeof invitations.$inferSelect;

async function toDto(db: Database, row: InvitationRow): Promise<Invitation> {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByUserId ? await actorNameOf(db, row.invitedByUserId) : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** GET /api/invitations: the organization's pending invitations, newest first. */
export async function listPendingInvitations(deps: InvitationDeps, tenantId: string): Promise<Invitation[]> {
  const rows = await deps.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), pending(deps.clock())))
    .orderBy(desc(invitations.createdAt));
  return Promise.all(rows.map((row) => toDto(deps.db, row)));
}

/**
 * A new token for an invitation, mailed inside the transaction that stores its hash: a mail the
 * SMTP server refuses leaves nothing behind (the owner tries again), and the token itself is never
 * stored. Without account mail, the link is answered once for the owner to pass on.
 */
async function issue(deps: InvitationDeps, tx: Transaction, row: InvitationRow, organization: string, invitedBy: string): Promise<InvitationSent> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);
  const [issued] = await tx
    .update(invitations)
    .set({ tokenHash: hashToken(token), createdAt: now, expiresAt })
    .where(eq(invitations.id, row.id))
    .returning();
  const link = invitationLink(deps.accountMail.appUrl, token);
  const sendNow = deps.accountMail.sendNow;
  if (sendNow) {
    const mail: InvitationMail = { organization, invitedBy, role: row.role, link, expiresAt: utcMinute(expiresAt) };
    try {
      await sendNow(row.email, renderInvitationMail(mail, deps.accountMail.appUrl));
    } catch (error) {
      throw new AppError(502, `The invitation mail could not be sent: ${smtpFailure(error).message}. Nothing was saved; try again.`);
    }
  }
  return {
    id: issued!.id,
    email: issued!.email,
    role: issued!.role,
    invitedBy,
    createdAt: issued!.createdAt.toISOString(),
    expiresAt: issued!.expiresAt.toISOString(),
    mailed: sendNow !== null,
    link: sendNow ? null : link,
  };
}

/** POST /api/invitations: never a role above the inviter's; one pending invitation per address. */
export async function createInvitation(
  deps: InvitationDeps,
  tenantId: string,
  inviter: { userId: string; role: MemberRole },
  input: { email: string; role: MemberRole },
): Promise<InvitationSent> {
  if (!roleAtLeast(inviter.role, input.role)) throw forbidden(teamMessages.cannotGrant);
  const invitedBy = await actorNameOf(deps.db, inviter.userId);
  return deps.db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, tenantId);
    if (!organization) throw notFound(teamMessages.invitationNotFound);
    const [existing] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.tenantId, tenantId), eq(invitations.email, input.email), pending(deps.clock())));
    if (existing) throw conflict(`${input.email} already has a pending invitation: resend or revoke it.`);
    const [row] = await tx
      .insert(invitations)
      .values({
        tenantId,
        email: input.email,
        role: input.role,
        // Replaced by issue() in this transaction; a placeholder no token can hash to.
        tokenHash: `pending:${randomBytes(16).toString('hex')}`,
        invitedByUserId: inviter.userId,
        createdAt: deps.clock(),
        expiresAt: deps.clock(),
      })
      .returning();
    const sent = await issue(deps, tx, row!, organization.name, invitedBy);
    await recordAudit(tx, tenantId, {
      category: 'members',
      status: 'success',
      message: `${invitedBy} invited ${input.email} as ${roleLabels[input.role]}`,
      actorUserId: inviter.userId,
      details: { invitationId: row!.id, email: input.email, role: input.role },
      createdAt: deps.clock(),
    });
    return sent;
  });
}

async function pendingInvitation(tx: Transaction, tenantId: string, id: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.tenantId, tenantId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .for('update');
  if (!row) throw notFound(teamMessages.invitationNotFound);
  return row;
}

/** POST /api/invitations/:id/resend: a new link valid for 7 more days; the old link stops working. */
export async function resendInvitation(deps: InvitationDeps, tenantId: string, actorUserId: string, id: string): Promise<InvitationSent> {
  const actor = await actorNameOf(deps.db, actorUserId);
  return deps.db.transaction(async (tx) => {
    const organization = await lockOrganization(tx, tenantId);
    if (!organization) throw notFound(teamMessages.invitationNotFound);
    const row = await pendingInvitation(tx, tenantId, id);
    const sent = await issue(deps, tx, row, organization.name, actor);
    await recordAudit(tx, tenantId, {
      category: 'members',
      status: 'success',
      message: `${actor} resent the invitation of ${row.email} as ${roleLabels[row.role]}`,
      actorUserId,
      details: { invitationId: id, email: row.email, role: row.role },
      createdAt: deps.clock(),
    });
    return sent;
  });
}

/** DELETE /api/invitations/:id: the link stops working. */
export async function revokeInvitation(deps: InvitationDeps, tenantId: string, actorUserId: string, id: string): Promise<void> {
  const actor = await actorNameOf(deps.db, actorUserId);
  await deps.db.transaction(async (tx) => {
    const row = await pendingInvitation(tx, tenantId, id);
    await tx.update(invitations).set({ revokedAt: deps.clock() }).where(eq(invitations.id, id));
    await recordAudit(tx, tenantId, {
      category: 'members',
      status: 'success',
      message: `${actor} revoked the invitation of ${row.email} as ${roleLabels[row.role]}`,
      actorUserId,
      details: { invitationId: id, email: row.email, role: row.role },
      createdAt: deps.clock(),
    });
  });
}

/** The invitation a token names, if it can still be accepted; otherwise why not (404 used/revoked/unknown, 410 expired). */
async function usableInvitation(db: Pick<Database, 'select'>, token: string, now: Date, lock: boolean) {
  const query = db
    .select({ invitation: invitations, organization: tenants.name })
    .from(invitations)
    .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
    .where(eq(invitations.tokenHash, hashToken(token)));
  const [found] = await (lock ? query.for('update', { of: invitations }) : query);
  if (!found || found.invitation.acceptedAt || found.invitation.revokedAt) throw notFound(teamMessages.invitationUnusable);
  if (found.invitation.expiresAt <= now) throw new AppError(410, teamMessages.invitationExpired);
  return found;
}

/** POST /api/invitations/preview (anyone with the link): what it offers, before signing in. */
export async function previewInvitation(deps: InvitationDeps, token: string): Promise<InvitationPreview> {
  const { invitation, organization } = await usableInvitation(deps.db, token, deps.clock(), false);
  return {
    organization,
    role: invitation.role,
    invitedBy: invitation.invitedByUserId ? await actorNameOf(deps.db, invitation.invitedByUserId) : null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * POST /api/invitations/accept: whoever is signed in through the link joins with its role, once
 * (docs/product.md §Invitations). A member already is told so, and the link stays usable.
 */
export async function acceptInvitation(deps: InvitationDeps, token: string, userId: string): Promise<InvitationAccepted> {
  const accepter = await actorNameOf(deps.db, userId);
  const [accepterRow] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const { invitation, organization } = await usableInvitation(tx, token, now, true);
    const [already] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, invitation.tenantId), eq(memberships.userId, userId)));
    if (already) throw conflict(teamMessages.alreadyMember);
    await tx.insert(memberships).values({ tenantId: invitation.tenantId, userId, role: invitation.role, createdAt: now });
    await tx.update(invitations).set({ acceptedAt: now, acceptedByUserId: userId }).where(eq(invitations.id, invitation.id));
    const inviter = invitation.invitedByUserId ? await actorNameOf(deps.db, invitation.invitedByUserId) : 'a former member';
    const otherAddress = accepterRow?.email?.toLowerCase() !== invitation.email ? ` (the invitation was sent to ${invitation.email})` : '';
    await recordAudit(tx, invitation.tenantId, {
      category: 'members',
      status: 'success',
      message: `${accepter} joined as ${roleLabels[invitation.role]}, invited by ${inviter}${otherAddress}`,
      actorUserId: userId,
      details: { invitationId: invitation.id, invitedEmail: invitation.email, invitedByUserId: invitation.invitedByUserId, role: invitation.role },
      createdAt: now,
    });
    return { tenantId: invitation.tenantId, organization, role: invitation.role };
  });
}
