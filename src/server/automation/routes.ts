import type { FastifyInstance } from 'fastify';
import { toggleAutomationBody, type RunCheckResponse, type ToggleAutomationResponse } from '../../shared/api/dashboard.js';
import { runStatusParams, type LatestRunStatus, type RunStatus } from '../../shared/api/run-status.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import { answeringGraphErrors } from '../directory/index.js';
import { validate } from '../http/validate.js';
import { type NotificationServices, requireActiveSubscription } from '../notifications/index.js';
import { runManualCheck } from './run-check.js';
import { getLatestRunStatus, getRunStatus } from './run-status.js';
import { toggleAutomation } from './toggle-automation.js';

export function registerAutomationRoutes(app: FastifyInstance, deps: { notifications: NotificationServices }): void {
  const { notifications: services } = deps;

  app.post('/api/run-check', allow('admin'), async (request): Promise<RunCheckResponse> => {
    const tenantId = tenantIdOf(request);
    await requireActiveSubscription(services.db, tenantId, services.clock());
    const result = await answeringGraphErrors(() => runManualCheck(services, tenantId, userIdOf(request)));
    return { message: result.message, summary: result.summary };
  });

  // Polled by Run Now while a check reads the directory and sends its reminders.
  app.get(
    '/api/run-status',
    allow('viewer'),
    async (request): Promise<LatestRunStatus> => ({
      run: await getLatestRunStatus(services.db, tenantIdOf(request)),
    }),
  );

  app.get('/api/run-status/:runId', allow('viewer'), async (request): Promise<RunStatus> => {
    const { runId } = validate(runStatusParams, request.params);
    return getRunStatus(services.db, tenantIdOf(request), runId);
  });

  app.post('/api/toggle-automation', allow('admin'), async (request): Promise<ToggleAutomationResponse> => {
    const { enabled } = validate(toggleAutomationBody, request.body);
    return toggleAutomation(services, tenantIdOf(request), userIdOf(request), enabled);
  });
}
