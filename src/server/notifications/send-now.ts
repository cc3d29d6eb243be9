import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { emailSends } from '../db/schema/index.js';
import { mailboxLimitMessage } from '../integrations/graph/index.js';
import { claimNextEmail, failEmail, type EmailSendRow } from './email-ledger.js';
import { deliverClaimedEmail, tokenReady, type TenantSender } from './deliver-email.js';
import type { DeliveryOutcome } from './send-outcome.js';

/** The mail went out, or it waits in the queue; `message` says why (the mailbox's limit, throttling, an outage...). */
export type SendNowOutcome = Exclude<DeliveryOutcome, { kind: 'deferred' }> | { kind: 'queued'; message: string };

const stillQueued = (message: string): SendNowOutcome => ({ kind: 'queued', message });

/** How often to look at a row another worker is sending. */
const SETTLE_POLL_MS = 100;

/**
 * Sends one queued row (a manual or test mail) while the admin waits, through the same ledger,
 * pacing and sender as reminders. A drain may pick the row up first (it sends manual and test mail
 * before reminders): then its outcome is awaited. When the mailbox cannot take the mail within
 * `maxWaitMs`, the row stays queued for the drain.
 */
export async function sendNow(sender: TenantSender, row: EmailSendRow, maxWaitMs: number): Promise<SendNowOutcome> {
  const giveUpAt = sender.clock().getTime() + maxWaitMs;
  for (;;) {
    const token = await tokenReady(sender);
    if (token.kind === 'failed') {
      await failEmail(sender.db, row, token.problem, 'error', sender.clock());
      return { kind: 'failed', scope: 'mailbox', ...token.problem };
    }
    if (token.kind === 'wait') {
      if (sender.clock().getTime() + token.ms > giveUpAt)
        return stillQueued('Entra ID did not issue an access token in time: the email is queued and goes out automatically.');
      await sleep(token.ms);
      continue;
    }
    const claim = await claimNextEmail(sender.db, {
      tenantId: sender.tenantId,
      senderMailbox: row.senderMailbox,
      limits: sender.settings.limits,
      workerId: sender.settings.workerId,
      leaseMs: sender.settings.leaseMs,
      now: sender.clock(),
      rowId: row.id,
    });
    let waitMs: number;
    let queued: string;
    if (claim.kind === 'claimed') {
      const outcome = await deliverClaimedEmail(sender, claim.row);
      return outcome.kind === 'deferred' ? stillQueued(outcome.message) : outcome;
    } else if (claim.kind === 'wait') {
      waitMs = claim.ms;
      queued =
        claim.reason === 'hold'
          ? `Microsoft Graph asked the sending mailbox ${row.senderMailbox} to wait: the email is queued and goes out automatically.`
          : `The sending mailbox ${row.senderMailbox} is sending as fast as Exchange Online allows: the email is queued and goes out in a moment.`;
    } else if (claim.kind === 'carry-over') {
      return stillQueued(mailboxLimitMessage(row.senderMailbox));
    } else {
      const [current] = await sender.db.select().from(emailSends).where(eq(emailSends.id, row.id));
      if (current?.state === 'sent') return { kind: 'sent' };
      if (current?.state === 'failed') {
        const problem = {
          reason: current.errorKind ?? 'rejected',
          code: current.errorCode ?? 'unknown',
          message: current.lastError ?? 'The email was not sent.',
        };
        return problem.reason === 'outcome_unknown'
          ? { kind: 'unknown', ...problem, reason: 'outcome_unknown' }
          : { kind: 'failed', scope: 'mail', ...problem };
      }
      // Another worker is sending it, or Graph asked it to wait.
      waitMs = SETTLE_POLL_MS;
      queued = current?.state === 'deferred' && current.lastError ? current.lastError : 'The email is queued and goes out shortly.';
    }
    if (sender.clock().getTime() + waitMs > giveUpAt) return stillQueued(queued);
    await sleep(waitMs);
  }
}
