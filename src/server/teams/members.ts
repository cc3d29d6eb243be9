import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Member } from '../../shared/api/teams.js';
import { teamMessages } from '../../shared/api/teams.js';
import { type MemberRole, roleLabels } from '../../shared/domain/member-roles.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import type { SessionStore } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { memberships, users } from '../db/schema/index.js';
import { badRequest, conflict, notFound } from '../http/app-error.js';
import { lockOrganization, type Transaction } from './organization-lock.js';

export interface MembersDeps {
  db: Database;
  clock: Clock;
  /** Each change ends what every instance's session cache kept of the member's access. */
  sessions: Pick<SessionStore, 'ending'>;
}

/** The members of an organization, owners first, then by name. */
export async function listMembers(db: Database, tenantId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      lastSignInAt: users.lastSignInAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(sql`${memberships.role} <> 'owner'`, asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map((row) => ({
    userId: row.userId,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  }));
}

async function roleIn(tx: Transaction, tenantId: string, userId: string): Promise<MemberRole | null> {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

/** Refuses a change that takes `userId`'s ownership away when no other owner remains. */
async function keepAnOwner(tx: Transaction, tenantId: string, userId: string): Promise<void> {
  const others = await tx.$count(memberships, and(eq(memberships.tenantId, tenantId), eq(memberships.role, 'owner'), ne(memberships.userId, userId)));
  if (others === 0) throw conflict(teamMessages.lastOwner);
}

/** One membership change: under the organization's lock, announced to every instance, audited with it. */
async function changeMembership(
  deps: MembersDeps,
  tenantId: string,
  affected: readonly string[],
  change: (tx: Transaction) => Promise<{ message: string; details: Record<string, unknown> } | null>,
  actorUserId: string,
): Promise<void> {
  const ends = affected.map((user) => ({ member: { tenant: tenantId, user } }));
  await deps.sessions.ending(ends, async (tx) => {
    if (!(await lockOrganization(tx, tenantId))) throw notFound(teamMessages.memberNotFound);
    const audited = await change(tx);
    if (audited) await recordAudit(tx, tenantId, { category: 'members', status: 'success', actorUserId, createdAt: deps.clock(), ...audited });
  });
}

/** PUT /api/members/:userId/role (owners): any role, as long as an owner remains. */
export async function changeMemberRole(deps: MembersDeps, tenantId: string, actorUserId: string, userId: string, role: MemberRole): Promise<void> {
  const [actor, target] = await Promise.all([actorNameOf(deps.db, actorUserId), actorNameOf(deps.db, userId)]);
  await changeMembership(
    deps,
    tenantId,
    [userId],
    async (tx) => {
      const current = await roleIn(tx, tenantId, userId);
      if (!current) throw notFound(teamMessages.memberNotFound);
      if (current === role) return null;
      if (current === 'owner') await keepAnOwner(tx, tenantId, userId);
      await tx
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
      return {
        message: `${actor} changed the role of ${target} from ${roleLabels[current]} to ${roleLabels[role]}`,
        details: { userId, from: current, to: role },
      };
    },
    actorUserId,
  );
}

/** Ends `userId`'s membership (the last owner's never), audited with `messageFor(the role it had)`. */
async function endMembership(
  deps: MembersDeps,
  tenantId: string,
  userId: string,
  actorUserId: string,
  messageFor: (role: MemberRole) => string,
): Promise<void> {
  await changeMembership(
    deps,
    tenantId,
    [userId],
    async (tx) => {
      const current = await roleIn(tx, tenantId, userId);
      if (!current) throw notFound(teamMessages.memberNotFound);
      if (current === 'owner') await keepAnOwner(tx, tenantId, userId);
      await tx.delete(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
      return { message: messageFor(current), details: { userId, role: current } };
    },
    actorUserId,
  );
}

/** DELETE /api/members/:userId (owners): another member loses access at once; leaving is leaveOrganization. */
export async function removeMember(deps: MembersDeps, tenantId: string, actorUserId: string, userId: string): Promise<void> {
  if (userId === actorUserId) throw badRequest(teamMessages.useLeave);
  const [actor, target] = await Promise.all([actorNameOf(deps.db, actorUserId), actorNameOf(deps.db, userId)]);
  await endMembership(deps, tenantId, userId, actorUserId, (role) => `${actor} removed ${target} (${roleLabels[role]}) from the organization`);
}

/** POST /api/members/leave (any member): the last owner transfers the ownership first. */
export async function leaveOrganization(deps: MembersDeps, tenantId: string, userId: string): Promise<void> {
  const name = await actorNameOf(deps.db, userId);
  await endMembership(deps, tenantId, userId, userId, (role) => `${name} (${roleLabels[role]}) left the organization`);
}

/** POST /api/members/transfer-ownership (owners): the member becomes owner, the caller admin. */
export async function transferOwnership(deps: MembersDeps, tenantId: string, actorUserId: string, userId: string): Promise<void> {
  if (userId === actorUserId) throw badRequest(teamMessages.transferToSelf);
  const [actor, target] = await Promise.all([actorNameOf(deps.db, actorUserId), actorNameOf(deps.db, userId)]);
  await changeMembership(
    deps,
    tenantId,
    [userId, actorUserId],
    async (tx) => {
      const current = await roleIn(tx, tenantId, userId);
      if (!current) throw notFound(teamMessages.memberNotFound);
      // The new owner first: at no moment is the organization without one.
      await tx
        .update(memberships)
        .set({ role: 'owner' })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
      await tx
        .update(memberships)
        .set({ role: 'admin' })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, actorUserId)));
      return {
        message: `${actor} transferred the ownership to ${target} (was ${roleLabels[current]}); ${actor} is now Admin`,
        details: { from: actorUserId, to: userId, previousRole: current },
      };
    },
    actorUserId,
  );
}
