import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../shared/api/auth.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { notFound } from '../http/app-error.js';
import { listTenantsForUser } from '../tenants/index.js';
import { isOperatorAdmin, type OperatorAdmins } from './operator-admins.js';

/** The signed-in user with their organizations, as GET /api/auth/user returns it. */
export async function getAuthUser(db: Database, userId: string, admins: OperatorAdmins): Promise<AuthUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt.toISOString(),
    isAdmin: isOperatorAdmin(user, admins),
    tenants: await listTenantsForUser(db, userId),
  };
}
