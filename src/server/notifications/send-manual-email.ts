import { notificationMessages, type SendEmailResponse, type SendManualEmailBody } from '../../shared/api/notifications.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import { formatDateUs } from '../../shared/domain/us-format.js';
import { badRequest, notFound } from '../http/app-error.js';
import { tenantSender } from './deliver-email.js';
import type { NotificationServices } from './notification-services.js';
import { findExpirationRecord } from './password-expiration-records.js';
import { sendEmailNow } from './send-email-now.js';

/**
 * POST /api/send-manual-email: the reminder for one user of the users table, now. The address,
 * name and expiry come from the latest check's record of that user, not from the request, so
 * the call cannot mail arbitrary addresses in the organization's name.
 */
export async function sendManualEmail(
  services: NotificationServices,
  tenantId: string,
  actorUserId: string,
  input: SendManualEmailBody,
): Promise<SendEmailResponse> {
  const record = await findExpirationRecord(services.db, tenantId, input.userId);
  if (!record) throw notFound(notificationMessages.userNotInLatestCheck);
  if (record.expiryDate === null) {
    throw badRequest(`${record.userDisplayName || record.userEmail}'s password has no expiry date, so there is nothing to remind them of.`);
  }
  // Every reminder tells the user their password is about to expire, with the days left: to someone
  // whose password has already expired that is wrong, and they cannot sign in to act on it anyway.
  // So no mail: the admin is told what the user has to do instead.
  if (record.passwordExpiresAt !== null && record.passwordExpiresAt.getTime() <= services.clock().getTime()) {
    throw badRequest(expiredPasswordMessage(record.userDisplayName || record.userEmail, record.expiryDate));
  }
  if (record.mailAddress === null) {
    throw badRequest(`${record.userDisplayName || record.userEmail} has no mailbox address in the directory, so no email can reach them.`);
  }
  const sender = await tenantSender(services, tenantId);
  return sendEmailNow(
    services,
    sender,
    {
      kind: 'manual',
      graphUserId: record.graphUserId,
      recipient: record.mailAddress,
      displayName: record.userDisplayName,
      userPrincipalName: record.userPrincipalName,
      language: record.preferredLanguage,
      expiryDate: record.expiryDate,
      localDay: localDateOf(services.clock(), sender.timeZone),
      requestedByUserId: actorUserId,
    },
    notificationMessages.emailSent,
  );
}

/** Why no reminder goes to a user whose password has already expired. */
export function expiredPasswordMessage(name: string, expiryDate: string): string {
  return (
    `${name}'s password already expired on ${formatDateUs(expiryDate)}, so no reminder is sent: it would say the ` +
    `password expires soon. They are asked for a new password at their next sign-in; if they cannot sign in, reset ` +
    `it in the Microsoft Entra admin center.`
  );
}
