import type { FastifyInstance } from 'fastify';
import {
  announcementBody,
  helpdeskDigestBody,
  type AccountMailStatus,
  type Announcement,
  type HelpdeskDigest,
  type WeeklyReportNow,
} from '../../shared/api/account-mail.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import { validate } from '../http/validate.js';
import type { OperatorAdmins } from '../users/index.js';
import type { AccountMailServices } from './account-mail-services.js';
import { listAnnouncements, publishAnnouncement } from './announcements.js';
import { getHelpdeskDigest, saveHelpdeskDigest } from './helpdesk-address.js';
import { queueWeeklyReportNow } from './periodic-mail.js';

export interface AccountMailRouteDeps {
  accountMail: AccountMailServices;
  admins: OperatorAdmins;
  demoMode: boolean;
}

/** Whether account mail is on, the organization's helpdesk digest address, the operator's system updates. */
export function registerAccountMailRoutes(app: FastifyInstance, deps: AccountMailRouteDeps): void {
  const { accountMail } = deps;
  const { db, clock } = accountMail;
  // The sender runs while the app does (started with the jobs); closing the app stops it.
  app.addHook('onClose', () => accountMail.sender.stop());

  app.get('/api/account-mail/status', allow('signed-in'), async (): Promise<AccountMailStatus> => ({ enabled: accountMail.enabled }));

  app.get('/api/helpdesk-digest', allow('viewer'), async (request): Promise<HelpdeskDigest> => getHelpdeskDigest(db, tenantIdOf(request)));

  app.put('/api/helpdesk-digest', allow('admin'), async (request): Promise<HelpdeskDigest> => {
    const { address } = validate(helpdeskDigestBody, request.body);
    return saveHelpdeskDigest(db, tenantIdOf(request), userIdOf(request), address, clock());
  });

  // Demo mode only: the weekly report without waiting for Monday 08:00, to see it on the SMTP sink page.
  if (deps.demoMode) {
    app.post('/api/demo/weekly-report', allow('admin'), async (request): Promise<WeeklyReportNow> => {
      const queued = await queueWeeklyReportNow(db, tenantIdOf(request), clock());
      accountMail.sender.nudge();
      return { queued };
    });
  }

  app.get('/api/admin/announcements', allow('operator'), async (): Promise<Announcement[]> => listAnnouncements(db));

  app.post('/api/admin/announcements', allow('operator'), async (request, reply): Promise<Announcement> => {
    const input = validate(announcementBody, request.body);
    const announcement = await publishAnnouncement(db, userIdOf(request), request.ip, input, clock());
    request.log.info({ announcementId: announcement.id, recipients: announcement.recipients }, 'system update published');
    accountMail.sender.nudge();
    reply.code(201);
    return announcement;
  });
}
