import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { memberships, tenants, users } from '../db/schema/index.js';
import { SESSION_COOKIE, SessionStore } from '../auth/index.js';

type UserRow = typeof users.$inferSelect;
type TenantRow = typeof tenants.$inferSelect;

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const id = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      issuer: 'https://issuer.test',
      subject: `subject-${id}`,
      email: `user-${id}@example.com`,
      firstName: 'Test',
      lastName: `User ${id}`,
      ...overrides,
    })
    .returning();
  return user!;
}

export async function createOrganization(db: Database, owner: UserRow, overrides: Partial<typeof tenants.$inferInsert> = {}): Promise<TenantRow> {
  const [tenant] = await db
    .insert(tenants)
    .values({ name: 'Contoso Ltd', domain: 'contoso.com', ...overrides })
    .returning();
  await db.insert(memberships).values({ tenantId: tenant!.id, userId: owner.id, role: 'owner' });
  return tenant!;
}

/** A signed-in session for `user`, as the cookie header a browser would send. */
export async function sessionCookieFor(db: Database, user: UserRow): Promise<string> {
  const store = new SessionStore(db, { idleTimeoutMs: 3_600_000, maxAgeMs: 86_400_000 }, () => new Date());
  const token = await store.create(user.id, null);
  return `${SESSION_COOKIE}=${token}`;
}
