import { eq } from 'drizzle-orm';
import type { Guard, Guards } from '../auth/guards.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { forbidden } from '../http/app-error.js';
import { isOperatorAdmin } from '../users/get-auth-user.js';

/** The operator guard: a signed-in user whose email is in ADMIN_EMAILS; everyone else gets 403. */
export function createRequireAdmin(db: Database, guards: Guards, adminEmails: readonly string[]): Guard {
  return async (request, reply) => {
    await guards.requireUser(request, reply);
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, request.auth!.userId));
    if (!user || !isOperatorAdmin(user.email, adminEmails)) throw forbidden('Forbidden');
  };
}
