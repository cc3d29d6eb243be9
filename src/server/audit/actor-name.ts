import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';

interface NamedUser {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** How an audit entry names a person: 'Ada Lovelace', else their email, else null. */
export function actorDisplayName(user: NamedUser): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name || user.email;
}

/** The display name of a user by id, for messages written at the time of the action. */
export async function actorNameOf(db: Database, userId: string): Promise<string> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  return (user && actorDisplayName(user)) ?? 'an unknown user';
}
