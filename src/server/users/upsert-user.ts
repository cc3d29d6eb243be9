import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { SignedInIdentity } from '../auth/oidc-provider.js';

/**
 * Records a sign-in: creates the user on first visit, refreshes email and names from the
 * provider's claims afterwards (a name edited in Account Settings is kept when the provider
 * sends none).
 */
export async function upsertUser(db: Database, identity: SignedInIdentity): Promise<{ id: string }> {
  const [row] = await db
    .insert(users)
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
    })
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: {
        email: sql`coalesce(excluded.email, ${users.email})`,
        firstName: sql`coalesce(excluded.first_name, ${users.firstName})`,
        lastName: sql`coalesce(excluded.last_name, ${users.lastName})`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: users.id });
  if (!row) throw new Error('upsert returned no row');
  return row;
}
