import type { Guard, Guards } from '../auth/index.js';
import type { Database } from '../db/client.js';
import { forbidden } from '../http/app-error.js';
import { isOperatorAdmin, type OperatorAdmins, signInFactsOf } from '../users/index.js';

/** The operator guard: a signed-in operator admin (see isOperatorAdmin); everyone else gets 403. */
export function createRequireAdmin(db: Database, guards: Guards, admins: OperatorAdmins): Guard {
  return async (request, reply) => {
    await guards.requireUser(request, reply);
    const user = await signInFactsOf(db, request.auth!.userId);
    if (!user || !isOperatorAdmin(user, admins)) throw forbidden('Forbidden');
  };
}
