import type { SendEmailResponse } from '../../shared/api/notifications.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { SAMPLE_USER_NAME, sampleExpiryDate } from '../../shared/domain/email-template.js';
import { tenantSender } from './deliver-email.js';
import type { NotificationServices } from './notification-services.js';
import { sendEmailNow } from './send-email-now.js';

/** POST /api/send-test-email: the saved template with sample values, through the same sender as reminders. */
export async function sendTestEmail(services: NotificationServices, tenantId: string, actorUserId: string, email: string): Promise<SendEmailResponse> {
  const sender = await tenantSender(services, tenantId);
  const today = localDateOf(services.clock(), sender.timeZone);
  return sendEmailNow(
    services,
    sender,
    {
      kind: 'test',
      graphUserId: null,
      recipient: email,
      displayName: SAMPLE_USER_NAME,
      expiryDate: sampleExpiryDate(today),
      localDay: today,
      requestedByUserId: actorUserId,
    },
    `Test notification sent to ${email}`,
  );
}
