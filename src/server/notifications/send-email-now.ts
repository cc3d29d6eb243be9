import type { SendEmailResponse } from '../../shared/api/notifications.js';
import { AppError, badRequest } from '../http/app-error.js';
import { emailSends } from '../db/schema/index.js';
import type { NewEmailSend } from './email-ledger.js';
import type { NotificationServices } from './notification-services.js';
import type { TenantSender } from './deliver-email.js';
import { sendNow } from './send-now.js';
import { recordReminders } from '../metrics/registry.js';

/** How long the admin's request waits for the mailbox's limits before the mail is left to the queue. */
const SEND_NOW_MAX_WAIT_MS = 10_000;

/**
 * Writes a manual or test mail to the ledger (before the queue's reminders) and sends it at once.
 * Answers `sent`, or `queued` with why it waits (the mailbox's limit, throttling, an outage); a
 * refusal from Graph is an error carrying its actionable message.
 */
export async function sendEmailNow(
  services: NotificationServices,
  sender: TenantSender,
  mail: Omit<NewEmailSend, 'priority' | 'nextAttemptAt' | 'createdAt' | 'senderMailbox' | 'tenantId'>,
  sentMessage: string,
): Promise<SendEmailResponse> {
  const now = services.clock();
  const [row] = await services.db
    .insert(emailSends)
    .values({ ...mail, tenantId: sender.tenantId, senderMailbox: sender.senderMailbox, priority: 0, nextAttemptAt: now, createdAt: now })
    .returning();
  if (!row) throw new Error('email_sends insert returned no row');
  recordReminders('queued');
  const outcome = await sendNow(sender, row, SEND_NOW_MAX_WAIT_MS);
  switch (outcome.kind) {
    case 'sent':
      return { status: 'sent', message: sentMessage };
    case 'queued':
      await services.drains.request(sender.tenantId);
      return { status: 'queued', message: outcome.message };
    case 'failed':
      throw badRequest(outcome.message);
    case 'unknown':
      throw new AppError(502, outcome.message);
  }
}
