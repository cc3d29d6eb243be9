import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { emailSends } from '../db/schema/index.js';
import { claimNextEmail, failEmail, type EmailSendRow } from './email-ledger.js';
import { deliverClaimedEmail, tokenReady, type TenantSender } from './deliver-email.js';
import type { DeliveryOutcome } from './send-outcome.js';

/** The mail went out, or it waits in the queue (mailbox at its limit, or Graph asked to wait). */
export type SendNowOutcome = Exclude<DeliveryOutcome, { kind: 'deferred' }> | { kind: 'queued' };

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
      await failEmail(sender.db, row, token.message, 'error', sender.clock());
      return { kind: 'failed', scope: 'mailbox', message: token.message };
    }
    if (token.kind === 'wait') {
      if (sender.clock().getTime() + token.ms > giveUpAt) return { kind: 'queued' };
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
    if (claim.kind === 'claimed') {
      const outcome = await deliverClaimedEmail(sender, claim.row);
      return outcome.kind === 'deferred' ? { kind: 'queued' } : outcome;
    } else if (claim.kind === 'wait') {
      waitMs = claim.ms;
    } else if (claim.kind === 'carry-over') {
      return { kind: 'queued' };
    } else {
      const [current] = await sender.db.select({ state: emailSends.state, lastError: emailSends.lastError }).from(emailSends).where(eq(emailSends.id, row.id));
      if (current?.state === 'sent') return { kind: 'sent' };
      if (current?.state === 'failed') return { kind: 'failed', scope: 'mail', message: current.lastError ?? 'The email was not sent.' };
      // Another worker is sending it, or Graph asked it to wait.
      waitMs = SETTLE_POLL_MS;
    }
    if (sender.clock().getTime() + waitMs > giveUpAt) return { kind: 'queued' };
    await sleep(waitMs);
  }
}
