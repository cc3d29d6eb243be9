import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { AccountMailSender, DEFAULT_ACCOUNT_MAIL_SETTINGS, type AccountMailSettings } from './account-mail-sender.js';
import { queueHelpdeskDigests, queueSecretExpiryAlerts, queueWeeklyReports } from './periodic-mail.js';
import type { RenderedMail } from './render-account-mail.js';
import { smtpChannel } from './smtp-channel.js';

export interface AccountMailServices {
  db: Database;
  clock: Clock;
  /** SMTP configured (in demo mode: the sink): mail goes out. Off: the account page says so. */
  enabled: boolean;
  sender: AccountMailSender;
  /**
   * Sends one mail at once, outside the outbox (an invitation: its link must not be stored);
   * null when account mail is off. Throws what the SMTP server answered.
   */
  sendNow: ((to: string, mail: RenderedMail) => Promise<void>) | null;
  appUrl: string;
}

export function createAccountMailServices(input: {
  config: Pick<AppConfig, 'accountMail' | 'appUrl'>;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  settings?: Partial<AccountMailSettings>;
}): AccountMailServices {
  const { smtpUrl, from } = input.config.accountMail;
  const channel = smtpUrl ? smtpChannel(smtpUrl, from) : null;
  const sender = new AccountMailSender({
    db: input.db,
    clock: input.clock,
    log: input.log.child({ module: 'account-mail' }),
    appUrl: input.config.appUrl,
    channel,
    settings: { ...DEFAULT_ACCOUNT_MAIL_SETTINGS, configurationAlertWindowMs: input.config.accountMail.configurationAlertWindowMs, ...input.settings },
  });
  return {
    db: input.db,
    clock: input.clock,
    enabled: channel !== null,
    sender,
    sendNow: channel && ((to, mail) => channel.send(to, mail)),
    appUrl: input.config.appUrl,
  };
}

/**
 * The calendar's mail (weekly reports, client-secret expiry alerts, helpdesk digests) queued for
 * `now`, then what is due sent. Run every minute by one instance; safe to run again.
 */
export async function runAccountMailTick(services: AccountMailServices, now = services.clock()): Promise<{ queued: number; sent: number }> {
  const queued =
    (await queueWeeklyReports(services.db, now)) + (await queueSecretExpiryAlerts(services.db, now)) + (await queueHelpdeskDigests(services.db, now));
  const sent = await services.sender.sendDue(now);
  return { queued, sent };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The product's own mail; main.ts hands it to the job runner (registerAccountMailJobs). */
    accountMail: AccountMailServices;
  }
}
