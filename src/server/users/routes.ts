import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { updateProfileBody, type AppInfo } from '../../shared/api/auth.js';
import { allow, SESSION_COOKIE, type SessionStore, userIdOf } from '../auth/index.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { validate } from '../http/validate.js';
import { getAuthUser } from './get-auth-user.js';
import type { OperatorAdmins } from './operator-admins.js';
import { updateProfile } from './update-profile.js';

export interface UserRouteDeps {
  db: Database;
  sessions: SessionStore;
  admins: OperatorAdmins;
  demoMode: boolean;
  simulatedMailboxUrl: string | null;
  accountMailSinkUrl: string | null;
  supportEmail: string;
}

export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDeps): void {
  app.get('/api/auth/user', allow('signed-in'), async (request) => getAuthUser(deps.db, userIdOf(request), deps.admins));

  app.put('/api/auth/user', allow('signed-in'), async (request) => {
    const input = validate(updateProfileBody, request.body);
    await updateProfile(deps.db, userIdOf(request), input);
    return getAuthUser(deps.db, userIdOf(request), deps.admins);
  });

  app.get(
    '/api/app-info',
    allow('public'),
    async (request): Promise<AppInfo> => ({
      demoMode: deps.demoMode,
      adminHint: await demoAdminHint(request.cookies[SESSION_COOKIE], deps),
      simulatedMailboxUrl: deps.simulatedMailboxUrl,
      accountMailSinkUrl: deps.accountMailSinkUrl,
      supportEmail: deps.supportEmail,
    }),
  );
}

/**
 * In demo mode with no operator admins configured, the first user who signed in is told how to
 * become one: admin rights come only from the operator's settings, by the address the demo issuer
 * verified at sign-in (never the one edited in Account Settings) or by issuer + subject.
 */
async function demoAdminHint(sessionToken: string | undefined, deps: UserRouteDeps): Promise<string | null> {
  if (!deps.demoMode || deps.admins.adminEmails.length > 0 || deps.admins.adminSubjects.length > 0 || !sessionToken) return null;
  const session = await deps.sessions.find(sessionToken);
  if (!session) return null;
  const [first] = await deps.db.select({ id: users.id, email: users.signInEmail }).from(users).orderBy(asc(users.createdAt)).limit(1);
  if (!first || first.id !== session.userId) return null;
  const email = first.email ?? 'you@example.com';
  return `You are the first user of this demo. To open the operator Admin Dashboard, restart with ADMIN_EMAILS=${email} npm start.`;
}
