// What a failed sendMail (or the token request before it) means for the mail: one classification
// for the send queue, the audit log, the users table and the connection badge. Each kind has its
// own message and its own delivery state; only Exchange's sending quota is called a mailbox limit.
// Branches on status and error code, never on text.
import type { SendErrorKind } from '../../../shared/domain/send-errors.js';
import { NOT_CONNECTED_CODE, type GraphError } from './graph-errors.js';

interface Failure {
  reason: SendErrorKind;
  /** Graph's or Entra's error code ('ErrorAccessDenied', 'http_503', 'AADSTS7000222'), or ours. */
  code: string;
  /** What the administrator should do; safe to show and to log. */
  message: string;
}

export type SendMailFailure =
  /** Not accepted; retried automatically after at least `retryAfterMs` (throttling, outage, mailbox limit). */
  | (Failure & { kind: 'deferred'; retryAfterMs: number })
  /**
   * Refused. `mailbox`: the organization's setup is at fault (credentials, permission, sender), so
   * every mail from that mailbox would fail the same way; `mail`: only this one.
   */
  | (Failure & { kind: 'failed'; scope: 'mail' | 'mailbox' })
  /** No answer: Graph may or may not have accepted the message, so it is never sent again automatically. */
  | (Failure & { kind: 'unknown'; reason: 'outcome_unknown' });

/** Exchange Online's sending quota (recipients per 24 hours, messages per day) was reached. */
const MAILBOX_LIMIT_CODES: ReadonlySet<string> = new Set(['ErrorSubmissionQuotaExceeded', 'ErrorExceededMessageLimit']);
/** Exchange's refusal, or the send client's own check before the request (an address that cannot be written into a MIME header). */
const RECIPIENT_INVALID_CODES: ReadonlySet<string> = new Set(['ErrorInvalidRecipients', 'invalid_address']);
/** Exchange refuses every mail from the mailbox, each for its own reason (graph-errors.ts words the fix). */
const MAILBOX_REFUSAL_KINDS: Readonly<Record<string, SendErrorKind>> = {
  ErrorSendAsDenied: 'send_as_denied',
  ErrorQuotaExceeded: 'mailbox_full',
  ErrorMessageSubmissionBlocked: 'submission_blocked',
};
const SENDER_NOT_A_MAILBOX_CODES: ReadonlySet<string> = new Set(['MailboxNotEnabledForRESTAPI', 'MailboxNotEnabledForRESTAPIForThisUser', 'ErrorInvalidUser']);

/** The mailbox's daily quota, whether Exchange said so or our own pacing saw it coming. */
export function mailboxLimitMessage(senderMailbox: string): string {
  return (
    `The sending mailbox ${senderMailbox} reached its Exchange Online limit of messages per 24 hours: the mail ` +
    `waits and goes out as soon as the limit allows.`
  );
}

/**
 * Graph answered "wait" (429, 503 or 504; null: the token request got no answer) and the send client
 * handed the wait to the queue instead of sleeping: why it waits, from the answer's status and code.
 */
export function classifySendMailWait(answer: { status: number; code: string } | null, retryAfterMs: number, senderMailbox: string): SendMailFailure {
  if (answer === null) {
    return {
      kind: 'deferred',
      retryAfterMs,
      reason: 'outage',
      code: 'network',
      message: 'Entra ID could not be reached for an access token: the mail waits and is retried automatically.',
    };
  }
  const wait = { kind: 'deferred' as const, retryAfterMs, code: answer.code };
  if (answer.status === 429 && MAILBOX_LIMIT_CODES.has(answer.code)) return { ...wait, reason: 'mailbox_limit', message: mailboxLimitMessage(senderMailbox) };
  if (answer.status === 429) {
    return {
      ...wait,
      reason: 'throttled',
      message: `Microsoft Graph is throttling mail from ${senderMailbox} (429 ${answer.code}): the mail waits and is retried automatically.`,
    };
  }
  return {
    ...wait,
    reason: 'outage',
    message: `Microsoft Graph is unavailable (HTTP ${answer.status}): the mail waits and is retried automatically once it is back.`,
  };
}

/** A GraphError from sendMail or its token request. */
export function classifySendMailError(error: GraphError, senderMailbox: string): SendMailFailure {
  const failed = (reason: SendErrorKind, scope: 'mail' | 'mailbox', message = error.actionableMessage): SendMailFailure => ({
    kind: 'failed',
    scope,
    reason,
    code: error.code,
    message,
  });
  const unknown: SendMailFailure = { kind: 'unknown', reason: 'outcome_unknown', code: error.code, message: error.actionableMessage };
  // ErrorAccessDenied is what sendMail answers without Mail.Send, and when an application access policy keeps the app out of the mailbox.
  if (error.code === 'ErrorAccessDenied') return failed('permission', 'mailbox');
  if (SENDER_NOT_A_MAILBOX_CODES.has(error.code)) return failed('mailbox_not_found', 'mailbox');
  const refusal = MAILBOX_REFUSAL_KINDS[error.code];
  if (refusal) return failed(refusal, 'mailbox');
  if (RECIPIENT_INVALID_CODES.has(error.code)) {
    return failed(
      'recipient_invalid',
      'mail',
      `The recipient's address was refused as invalid (${error.code}). Correct the user's email address in Entra ID; ` +
        `the next check sends the reminder to the corrected address.`,
    );
  }
  if (error.status === 429 && MAILBOX_LIMIT_CODES.has(error.code)) {
    return { kind: 'deferred', retryAfterMs: 0, reason: 'mailbox_limit', code: error.code, message: mailboxLimitMessage(senderMailbox) };
  }
  switch (error.kind) {
    case 'credentials':
      return failed('credentials', 'mailbox');
    case 'permission':
      return failed('permission', 'mailbox');
    case 'mailbox':
      return failed('mailbox_not_found', 'mailbox');
    case 'throttled':
      return { kind: 'deferred', retryAfterMs: 0, reason: 'throttled', code: error.code, message: error.actionableMessage };
    case 'unavailable':
      // An error status Graph answered (500, 502, 503, 504) means it did not accept the message:
      // sending again cannot make a duplicate. Only a missing answer leaves the outcome unknown.
      return { kind: 'deferred', retryAfterMs: 0, reason: 'outage', code: error.code, message: error.actionableMessage };
    case 'network':
      // Never connected: the request did not leave, so sending again cannot make a duplicate.
      if (error.code === NOT_CONNECTED_CODE) return { kind: 'deferred', retryAfterMs: 0, reason: 'outage', code: error.code, message: error.actionableMessage };
      return unknown;
    case 'timeout':
      return unknown;
    case 'not_found':
    case 'unexpected':
      return failed('rejected', 'mail');
  }
}

/** Kinds that say the organization's connection is broken (the header badge), not just one mail or the service. */
export function isConnectionProblem(failure: SendMailFailure): boolean {
  return failure.kind === 'failed' && (failure.reason === 'credentials' || failure.reason === 'permission');
}
