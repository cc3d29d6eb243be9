import type { MemberRole } from '../../../shared/domain/member-roles.js';
import type { Database } from '../../db/client.js';
import { memberships } from '../../db/schema/index.js';
import type { ApiHarness, Member } from '../../test-support/api-harness.js';
import { organizationOwner } from '../../test-support/api-harness.js';
import { createUser, sessionCookieFor } from '../../test-support/factories.js';

export type Team = Record<MemberRole, Member> & {
  /** The owner of another organization, asking about this one. */
  outsider: Member;
};

/** A signed-in user holding `role` in `tenantId`. */
async function addMember(
  db: Database,
  tenantId: string,
  role: MemberRole,
  name: { firstName: string; lastName: string } = { firstName: 'Team', lastName: role },
): Promise<Member> {
  const user = await createUser(db, name);
  await db.insert(memberships).values({ tenantId, userId: user.id, role });
  const cookie = await sessionCookieFor(db, user);
  return { cookie, tenantId, userId: user.id, headers: { cookie, 'x-tenant-id': tenantId } };
}

/** A new organization with one member of each role, and a member of another organization. */
export async function organizationWithTeam(harness: ApiHarness): Promise<Team> {
  const owner = await organizationOwner(harness, { firstName: 'Olivia', lastName: 'Owner' });
  const db = harness.database.db;
  const [admin, helpdesk, viewer] = await Promise.all([
    addMember(db, owner.tenantId, 'admin', { firstName: 'Adam', lastName: 'Admin' }),
    addMember(db, owner.tenantId, 'helpdesk', { firstName: 'Helen', lastName: 'Helpdesk' }),
    addMember(db, owner.tenantId, 'viewer', { firstName: 'Victor', lastName: 'Viewer' }),
  ]);
  const other = await organizationOwner(harness, { firstName: 'Otto', lastName: 'Outsider' });
  return { owner, admin, helpdesk, viewer, outsider: { ...other, headers: { cookie: other.cookie, 'x-tenant-id': owner.tenantId } } };
}
