import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../http/app-error.js';
import { carryOverEmails, claimNextEmail, failQueuedEmails, queuedMailboxes, recoverStaleEmails, type EmailSendRow, type SendProblem } from './email-ledger.js';
import { deliverClaimedEmail, tenantSender, tokenReady, type SendDeps, type TenantSender } from './deliver-email.js';
import { CONCURRENCY_POLL_MS } from './mailbox-pacing.js';
import type { DeliveryOutcome } from './send-outcome.js';

export interface DrainOptions {
  /** Stop claiming after this; the caller starts another drain (a job must not run for hours). */
  deadline: Date;
  /** A wait longer than this ends the drain; the scheduler's tick resumes it when the mail is due. */
  maxWaitMs: number;
  /** Aborted: claim no more mail, finish the sends in flight (a graceful stop, a lost lease). */
  signal?: AbortSignal;
}

export interface DrainResult {
  sent: number;
  /** Failed for good, outcome unknown included. */
  failed: number;
  /** Asked to wait by Graph; back in the queue. */
  deferred: number;
  /** True when the deadline or the signal cut the drain short while mail was still due: drain again at once. */
  unfinished: boolean;
}

/**
 * Sends an organization's due mail, mailbox by mailbox, within each mailbox's limits: up to the
 * concurrency limit in flight, paced by the ledger (claimNextEmail), every answer recorded.
 * Several drains (instances) may run at once: claims and pacing are coordinated in PostgreSQL.
 */
export async function drainTenant(deps: SendDeps, tenantId: string, options: DrainOptions): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0, deferred: 0, unfinished: false };
  await recoverStaleEmails(deps.db, deps.clock(), tenantId);
  const mailboxes = await queuedMailboxes(deps.db, tenantId);
  if (mailboxes.length === 0) return result;
  let sender: TenantSender;
  try {
    sender = await tenantSender(deps, tenantId);
  } catch (error) {
    // The connection was removed or never saved: nothing queued can go out.
    if (!(error instanceof AppError)) throw error;
    const problem = { reason: 'not_configured', code: 'not_configured', message: error.message } as const;
    for (const mailbox of mailboxes) result.failed += await failQueuedEmails(deps.db, tenantId, mailbox, problem, deps.clock());
    return result;
  }
  for (const mailbox of mailboxes) {
    await drainMailbox(sender, mailbox, options, result);
    if (result.unfinished) break;
  }
  return result;
}

async function drainMailbox(sender: TenantSender, senderMailbox: string, options: DrainOptions, result: DrainResult): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let mailboxFailure: SendProblem | null = null;
  let bug: unknown = null;
  const tally = (outcome: DeliveryOutcome) => {
    if (outcome.kind === 'sent') result.sent += 1;
    else if (outcome.kind === 'deferred') result.deferred += 1;
    else result.failed += 1;
    if (outcome.kind === 'failed' && outcome.scope === 'mailbox') mailboxFailure ??= outcome;
  };
  const start = (row: EmailSendRow) => {
    const delivery: Promise<void> = deliverClaimedEmail(sender, row)
      .then(tally, (error: unknown) => {
        // The ledger could not be written: the row's lease runs out and recovery reports it.
        bug ??= error;
      })
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  };

  while (mailboxFailure === null && bug === null) {
    if (sender.clock().getTime() >= options.deadline.getTime() || options.signal?.aborted) {
      result.unfinished = true;
      break;
    }
    // The token is fetched before the claim, so a claimed row goes straight to Graph.
    const token = await tokenReady(sender);
    if (token.kind === 'failed') {
      mailboxFailure = token.problem;
      break;
    }
    if (token.kind === 'wait') {
      if (token.ms > options.maxWaitMs) break;
      await pause(token.ms, inFlight, options.signal);
      continue;
    }
    const decidedAt = sender.clock();
    const claim = await claimNextEmail(sender.db, {
      tenantId: sender.tenantId,
      senderMailbox,
      limits: sender.settings.limits,
      workerId: sender.settings.workerId,
      leaseMs: sender.settings.leaseMs,
      now: decidedAt,
    });
    if (claim.kind === 'claimed') {
      start(claim.row);
    } else if (claim.kind === 'wait') {
      if (claim.ms > options.maxWaitMs) break;
      // The wait counts from the moment the decision was made, not from when its transaction ended.
      await pause(decidedAt.getTime() + claim.ms - sender.clock().getTime(), inFlight, options.signal);
    } else if (claim.kind === 'empty') {
      if (inFlight.size > 0) {
        // In-flight mail may still come back deferred.
        await Promise.race(inFlight);
        continue;
      }
      // Mail Graph asked to wait for soon is waited for here; later mail is the tick's to resume.
      const dueInMs = claim.nextDueAt === null ? Number.POSITIVE_INFINITY : claim.nextDueAt.getTime() - sender.clock().getTime();
      if (dueInMs > options.maxWaitMs) break;
      // A due row the claim skipped is locked by another instance's claim at this very moment.
      await pause(Math.max(dueInMs, CONCURRENCY_POLL_MS), inFlight, options.signal);
    } else {
      await Promise.all(inFlight);
      await carryOverEmails(sender.db, sender.tenantId, senderMailbox, sender.settings.limits, claim.until, sender.clock());
      break;
    }
  }
  await Promise.all(inFlight);
  if (bug !== null) throw bug;
  if (mailboxFailure !== null) result.failed += await failQueuedEmails(sender.db, sender.tenantId, senderMailbox, mailboxFailure, sender.clock());
}

/** Waits `ms`, or less when a delivery in flight finishes first (its slot or its row may be free again) or the drain is stopped. */
async function pause(ms: number, inFlight: ReadonlySet<Promise<void>>, stopped?: AbortSignal): Promise<void> {
  if (ms <= 0 || stopped?.aborted) return;
  const stop = new AbortController();
  const signal = stopped ? AbortSignal.any([stop.signal, stopped]) : stop.signal;
  try {
    await Promise.race([sleep(ms, undefined, { signal }).catch(() => undefined), ...inFlight]);
  } finally {
    stop.abort();
  }
}
