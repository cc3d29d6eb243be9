import type { SendEmailResponse } from '../../shared/api/notifications.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { addDays } from '../../shared/domain/local-date.js';
import { tenantSender } from './deliver-email.js';
import type { NotificationServices } from './notification-services.js';
import { sendEmailNow } from './send-email-now.js';

/** The live preview's sample recipient (spec section 2: 5 days remaining). */
export const SAMPLE_USER_NAME = 'Alex Johnson';
export const SAMPLE_DAYS_REMAINING = 5;

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
      expiryDate: addDays(today, SAMPLE_DAYS_REMAINING),
      localDay: today,
      requestedByUserId: actorUserId,
    },
    `Test notification sent to ${email}`,
  );
}
