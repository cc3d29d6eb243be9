import type { FastifyInstance } from 'fastify';
import { DRY_RUN_DAYS, reminderPolicyBody, reminderPolicyMessages, type DryRun, type Forecast, type ReminderPolicy } from '../../shared/api/reminder-policy.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { badRequest } from '../http/app-error.js';
import { validate } from '../http/validate.js';
import { getReminderPolicy, saveReminderPolicy } from './policy-store.js';
import { dryRun, forecast } from './reminder-projection.js';

export function registerReminderPolicyRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db, clock } = deps;

  app.get('/api/reminder-policy', allow('viewer'), async (request): Promise<ReminderPolicy> => getReminderPolicy(db, tenantIdOf(request)));

  app.put('/api/reminder-policy', allow('admin'), async (request): Promise<ReminderPolicy> => {
    const body = validate(reminderPolicyBody, request.body);
    return saveReminderPolicy(db, tenantIdOf(request), userIdOf(request), body, clock());
  });

  // Nothing is sent: the coming checks projected from the latest check's users table.
  app.get('/api/reminder-policy/dry-run', allow('viewer'), async (request): Promise<DryRun> => {
    const result = await dryRun(db, tenantIdOf(request), clock(), DRY_RUN_DAYS);
    if (!result) throw badRequest(reminderPolicyMessages.configurationRequired);
    return result;
  });

  app.get('/api/reminder-policy/forecast', allow('viewer'), async (request): Promise<Forecast> => {
    const result = await forecast(db, tenantIdOf(request), clock());
    if (!result) throw badRequest(reminderPolicyMessages.configurationRequired);
    return result;
  });
}
