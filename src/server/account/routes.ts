import type { FastifyInstance } from 'fastify';
import {
  accountMessages,
  deleteAccountBody,
  removePasswatchAppNotice,
  updateNotificationPreferencesBody,
  type DeleteAccountResponse,
  type NotificationPreferences,
} from '../../shared/api/account.js';
import { allow, cookieOptions, SESSION_COOKIE, userIdOf } from '../auth/index.js';
import { validate } from '../http/validate.js';
import { deleteAccount, type DeleteAccountDeps } from './delete-account.js';
import { getNotificationPreferences, updateNotificationPreferences } from './notification-preferences.js';

export interface AccountRouteDeps extends DeleteAccountDeps {
  cookieSecure: boolean;
}

/** Account Settings: notification preferences and account deletion (the profile lives in users/). */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const signedIn = allow('signed-in');

  app.get(
    '/api/notification-preferences',
    signedIn,
    async (request): Promise<NotificationPreferences> => getNotificationPreferences(deps.db, userIdOf(request)),
  );

  app.put('/api/notification-preferences', signedIn, async (request): Promise<NotificationPreferences> => {
    const changes = validate(updateNotificationPreferencesBody, request.body);
    return updateNotificationPreferences(deps.db, userIdOf(request), changes);
  });

  app.delete('/api/account', signedIn, async (request, reply): Promise<DeleteAccountResponse> => {
    const userId = userIdOf(request);
    validate(deleteAccountBody, request.body);
    const { deletedOrganizations, passwatchAppTenants } = await deleteAccount(deps, userId);
    request.log.info({ userId, deletedOrganizations }, 'account deleted');
    reply.clearCookie(SESSION_COOKIE, cookieOptions(deps.cookieSecure));
    return { message: accountMessages.deleted, ...(passwatchAppTenants.length > 0 ? { entraNotice: removePasswatchAppNotice(passwatchAppTenants) } : {}) };
  });
}
