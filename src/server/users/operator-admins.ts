import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';

/** Who the operator named as admins (ADMIN_EMAILS, ADMIN_SUBJECTS). */
export type OperatorAdmins = Pick<AppConfig, 'adminEmails' | 'adminSubjects'>;

/** What the identity provider asserted about a user at their latest sign-in. */
export interface SignInFacts {
  issuer: string;
  subject: string;
  signInEmail: string | null;
  signInEmailVerified: boolean;
}

/**
 * Operator admin rights come only from the identity provider: its issuer + subject listed in
 * ADMIN_SUBJECTS, or an address it verified at sign-in listed in ADMIN_EMAILS. The contact address
 * a user can edit in Account Settings never counts (anyone could type an admin's address there).
 */
export function isOperatorAdmin(user: SignInFacts, admins: OperatorAdmins): boolean {
  if (admins.adminSubjects.some((admin) => admin.issuer === user.issuer && admin.subject === user.subject)) return true;
  return user.signInEmailVerified && user.signInEmail !== null && admins.adminEmails.includes(user.signInEmail.toLowerCase());
}

/** Loads the user's sign-in facts; null when the user no longer exists. */
export async function signInFactsOf(db: Database, userId: string): Promise<SignInFacts | null> {
  const [user] = await db
    .select({ issuer: users.issuer, subject: users.subject, signInEmail: users.signInEmail, signInEmailVerified: users.signInEmailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
