// Why a mail failed or waits, as the send ledger records it (email_sends.error_kind). The server
// classifies Graph's answers into these (server/integrations/graph/send-mail-errors.ts); the run summary,
// the audit log and the users table name them with `sendErrorReason`.

export const SEND_ERROR_KINDS = [
  /** Graph answered 429: the mail waits and is retried automatically. */
  'throttled',
  /** Graph or Entra answered 503 (service unavailable): the mail waits and is retried automatically. */
  'outage',
  /** The app lacks Mail.Send, or an application access policy keeps it out of the mailbox. */
  'permission',
  /** Entra ID refused the app's credentials (secret expired, wrong, no consent). */
  'credentials',
  /** The From address is not a mailbox of the directory. */
  'mailbox_not_found',
  /** Exchange refused to send as the From address (ErrorSendAsDenied): not a mailbox the app may send as. */
  'send_as_denied',
  /** The sending mailbox is over its storage quota (ErrorQuotaExceeded): Exchange sends nothing from it. */
  'mailbox_full',
  /** Exchange blocked the mailbox from sending (ErrorMessageSubmissionBlocked), e.g. restricted after outbound spam. */
  'submission_blocked',
  /** Exchange refused the recipient's address. */
  'recipient_invalid',
  /** The sending mailbox reached its 24-hour limit: the mail carries over. */
  'mailbox_limit',
  /** No answer came (timeout, network, 500/502/504, worker stopped): it may have gone out, so it is not sent again. */
  'outcome_unknown',
  /** The password expired before the reminder could go out (it waited too long): not sent, it would say "expires soon". */
  'password_expired',
  /** The organization's connection is not saved (any more). */
  'not_configured',
  /** Graph refused the message for another reason (its code is recorded). */
  'rejected',
] as const;
export type SendErrorKind = (typeof SEND_ERROR_KINDS)[number];

const REASONS: Record<SendErrorKind, string> = {
  throttled: 'Microsoft Graph throttled the requests',
  outage: 'Microsoft Graph was unavailable',
  permission: 'the app lacked permission to send mail (Mail.Send)',
  credentials: 'Entra ID refused the app’s credentials',
  mailbox_not_found: 'the sending mailbox was not found',
  send_as_denied: 'the app may not send as the From address',
  mailbox_full: 'the sending mailbox is over its storage quota',
  submission_blocked: 'Exchange Online blocked the sending mailbox from sending',
  recipient_invalid: 'the recipient’s address was refused as invalid',
  mailbox_limit: 'the sending mailbox reached its daily limit',
  outcome_unknown: 'no answer came from Microsoft Graph, so whether it went out is unknown',
  password_expired: 'the password had expired before the reminder could go out',
  not_configured: 'the connection to Entra ID was not configured',
  rejected: 'Microsoft Graph refused the message',
};

/** A short reason for summaries: '19 failed earlier today because <reason>'. */
export function sendErrorReason(kind: SendErrorKind): string {
  return REASONS[kind];
}
