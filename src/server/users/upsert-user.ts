import { and, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { SignedInIdentity } from '../auth/index.js';
import type { SignInFacts } from './operator-admins.js';

/**
 * Records a sign-in: creates the user on first visit, refreshes email and names from the
 * provider's claims afterwards (a name edited in Account Settings is kept when the provider
 * sends none), and stores the address the provider asserted this time, verified or not, which
 * alone decides operator rights by ADMIN_EMAILS.
 */
export async function upsertUser(db: Database, identity: SignedInIdentity): Promise<{ id: string } & SignInFacts> {
  if (identity.previousSubject) await rekeyUser(db, identity.issuer, identity.previousSubject, identity.subject);
  const [row] = await db
    .insert(users)
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      signInEmail: identity.email,
      signInEmailVerified: identity.emailVerified,
      firstName: identity.firstName,
      lastName: identity.lastName,
      lastSignInAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: {
        email: sql`coalesce(excluded.email, ${users.email})`,
        signInEmail: sql`excluded.sign_in_email`,
        signInEmailVerified: sql`excluded.sign_in_email_verified`,
        firstName: sql`coalesce(excluded.first_name, ${users.firstName})`,
        lastName: sql`coalesce(excluded.last_name, ${users.lastName})`,
        updatedAt: sql`now()`,
        lastSignInAt: sql`now()`,
      },
    })
    .returning({ id: users.id, issuer: users.issuer, subject: users.subject, signInEmail: users.signInEmail, signInEmailVerified: users.signInEmailVerified });
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** A user recorded under an earlier key (Entra's pairwise `sub`) keeps their account under the new one. */
async function rekeyUser(db: Database, issuer: string, from: string, to: string): Promise<void> {
  const existing = alias(users, 'existing');
  await db
    .update(users)
    .set({ subject: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.issuer, issuer),
        eq(users.subject, from),
        notExists(
          db
            .select({ id: existing.id })
            .from(existing)
            .where(and(eq(existing.issuer, issuer), eq(existing.subject, to))),
        ),
      ),
    );
}
