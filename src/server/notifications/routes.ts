import type { FastifyInstance } from 'fastify';
import {
  passwordExpirationsExportQuery,
  passwordExpirationsQuery,
  sendManualEmailBody,
  sendTestEmailBody,
  type DefaultTemplateResponse,
  type SendEmailResponse,
} from '../../shared/api/notifications.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import { stillToday } from '../configuration/index.js';
import type { TenantReadCache } from '../db/tenant-read-cache.js';
import { validate } from '../http/validate.js';
import { DEFAULT_EMAIL_TEMPLATE } from './default-template.js';
import type { NotificationServices } from './notification-services.js';
import { passwordExpirationsPageJson } from './password-expiration-records.js';
import { sendManualEmail } from './send-manual-email.js';
import { sendTestEmail } from './send-test-email.js';
import { usersTableCsv } from './users-table-csv.js';
import { requireActiveSubscription } from './sending-allowed.js';

export function registerNotificationRoutes(app: FastifyInstance, deps: { notifications: NotificationServices; reads: TenantReadCache }): void {
  const { notifications: services, reads } = deps;

  // The same for every organization: no tenant data, so a signed-in user suffices.
  app.get('/api/default-template', allow('signed-in'), async (): Promise<DefaultTemplateResponse> => ({ template: DEFAULT_EMAIL_TEMPLATE }));

  // A PasswordExpirationsPage, its JSON written straight from the rows (docs/architecture.md §API performance)
  // and kept until the organization changes or its day ends (§Reads kept between changes).
  app.get('/api/password-expirations', allow('viewer'), async (request, reply) => {
    const tenantId = tenantIdOf(request);
    const query = validate(passwordExpirationsQuery, request.query);
    const now = services.clock();
    const { json } = await reads.read(
      tenantId,
      `password-expirations ${JSON.stringify(query)}`,
      async () => {
        const page = await passwordExpirationsPageJson(services.db, tenantId, query, now);
        return { value: page, bytes: 2 * page.json.length };
      },
      stillToday(now),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // The users table as CSV: every user under its filter and search, not one page.
  app.get('/api/password-expirations/export', allow('viewer'), async (request, reply) => {
    const tenantId = tenantIdOf(request);
    const query = validate(passwordExpirationsExportQuery, request.query);
    const { csv, fileName } = await usersTableCsv(services.db, tenantId, query, services.clock());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post('/api/send-manual-email', allow('helpdesk'), async (request): Promise<SendEmailResponse> => {
    const tenantId = tenantIdOf(request);
    const input = validate(sendManualEmailBody, request.body);
    await requireActiveSubscription(services.db, tenantId, services.clock());
    return sendManualEmail(services, tenantId, userIdOf(request), input);
  });

  app.post('/api/send-test-email', allow('admin'), async (request): Promise<SendEmailResponse> => {
    const tenantId = tenantIdOf(request);
    const { email } = validate(sendTestEmailBody, request.body);
    await requireActiveSubscription(services.db, tenantId, services.clock());
    return sendTestEmail(services, tenantId, userIdOf(request), email);
  });
}
