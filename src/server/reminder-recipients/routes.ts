import type { FastifyInstance } from 'fastify';
import { reminderRecipientsBody, type ReminderRecipients } from '../../shared/api/reminder-recipients.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { validate } from '../http/validate.js';
import { getReminderRecipients, saveReminderRecipients } from './recipients-store.js';

export function registerReminderRecipientsRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db, clock } = deps;

  app.get('/api/reminder-recipients', allow('viewer'), async (request): Promise<ReminderRecipients> => getReminderRecipients(db, tenantIdOf(request)));

  app.put('/api/reminder-recipients', allow('admin'), async (request): Promise<ReminderRecipients> => {
    const body = validate(reminderRecipientsBody, request.body);
    return saveReminderRecipients(db, tenantIdOf(request), userIdOf(request), body, clock());
  });
}
