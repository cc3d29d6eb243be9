import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { backoffDelayMs, type BackoffSettings } from '../integrations/backoff.js';
import { dropConfigurationAlerts, flushConfigurationAlerts } from './configuration-alert.js';
import { claimDueMail, dropQueuedMail, failStaleSends, markNotSent, markSent } from './outbox.js';
import type { AccountMailPayload } from './payloads.js';
import { renderAccountMail } from './render-account-mail.js';
import type { AccountMailChannel } from './smtp-channel.js';
import { smtpFailure } from './smtp-channel.js';

export interface AccountMailSettings {
  /** Attempts per mail, the first included, before it is failed for good. */
  maxAttempts: number;
  /** Backoff between attempts (full jitter, doubling to the cap). */
  backoff: BackoffSettings;
  /** How long a claimed mail may take before another sweep treats its sender as dead. */
  leaseMs: number;
  /** How often the queue is looked at when nothing asked. */
  sweepIntervalMs: number;
  /** How long configuration changes are collected, from the first, into one security alert. */
  configurationAlertWindowMs: number;
}

export const DEFAULT_ACCOUNT_MAIL_SETTINGS: AccountMailSettings = {
  maxAttempts: 8,
  backoff: { baseDelayMs: 30_000, maxBackoffMs: 3_600_000, random: Math.random },
  leaseMs: 120_000,
  sweepIntervalMs: 5_000,
  configurationAlertWindowMs: 15 * 60_000,
};

const BATCH = 20;

export interface AccountMailSenderDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  /** Null: no SMTP server configured, so account mail is off. */
  channel: AccountMailChannel | null;
  settings: AccountMailSettings;
}

/**
 * Sends the outbox: claims due mail (under a lease, so several instances never take the same
 * row), renders and hands each to SMTP, and records the answer. A refusal that may pass is retried
 * with backoff; a mail whose outcome is unknown is never sent twice.
 */
export class AccountMailSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: AccountMailSenderDeps) {}

  get enabled(): boolean {
    return this.deps.channel !== null;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.nudge(), this.deps.settings.sweepIntervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Sends what is due now (after an event queued mail); a sweep running already goes round once more. */
  nudge(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.sendDue().catch((error: unknown) => this.deps.log.error({ err: error }, 'account mail: sending failed'));
      } while (this.again && this.timer);
    })().finally(() => {
      this.running = null;
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.deps.channel?.close();
  }

  /** One pass over the mail due at `now` (configuration alerts due by then included); answers how many were sent. */
  async sendDue(now = this.deps.clock()): Promise<number> {
    const { db } = this.deps;
    await failStaleSends(db, now);
    if (!this.deps.channel) {
      const dropped = (await dropQueuedMail(db)) + (await dropConfigurationAlerts(db));
      if (dropped > 0) this.deps.log.info({ dropped }, 'account mail is off (SMTP_URL not set): queued mail dropped');
      return 0;
    }
    // Configuration alerts whose quarter hour has passed become mail first, sent in this pass. A
    // failure leaves the windows for the next pass and must not hold up the rest of the outbox.
    await flushConfigurationAlerts(db, now, this.deps.settings.configurationAlertWindowMs).catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'account mail: configuration alerts not queued'),
    );
    let sent = 0;
    for (;;) {
      const batch = await claimDueMail(db, now, this.deps.settings.leaseMs, BATCH);
      if (batch.length === 0) return sent;
      for (const row of batch) {
        if (await this.sendOne(this.deps.channel, row.id, row.recipient, row.payload as AccountMailPayload, row.attempts)) sent += 1;
      }
    }
  }

  private async sendOne(channel: AccountMailChannel, id: string, recipient: string, payload: AccountMailPayload, attempts: number): Promise<boolean> {
    const { db, clock, settings } = this.deps;
    try {
      await channel.send(recipient, renderAccountMail(payload, this.deps.appUrl));
    } catch (error) {
      const failure = smtpFailure(error);
      const retryAt = failure.retry && attempts < settings.maxAttempts ? new Date(clock().getTime() + backoffDelayMs(attempts, settings.backoff)) : null;
      await markNotSent(db, id, failure.message, retryAt);
      // The SMTP answer may quote the address: it stays in the outbox row, out of the log.
      this.deps.log.warn(
        {
          accountMailId: id,
          kind: payload.type,
          retry: retryAt !== null,
          smtpCode: (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code,
        },
        'account mail not sent',
      );
      return false;
    }
    await markSent(db, id, clock());
    return true;
  }
}
