import nodemailer from 'nodemailer';
import type { RenderedMail } from './render-account-mail.js';

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

export interface AccountMailChannel {
  /** Hands the message to the SMTP server; throws what nodemailer throws. */
  send(to: string, mail: RenderedMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer: one pooled connection set per process, STARTTLS when the server offers it
 * (smtps:// for TLS from the start). Bounded waits, not nodemailer's minutes: an invitation is
 * mailed inside the transaction that stores it, so a silent server must fail it soon.
 */
export function smtpChannel(smtpUrl: string, from: string): AccountMailChannel {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    async send(to, mail) {
      await transport.sendMail({
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Automated mail: out-of-office replies and auto-forwarders leave it alone (RFC 3834).
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transport.close(),
  };
}

/** What an SMTP failure means for the mail: try again later, or never (refused, or it may have gone out). */
export function smtpFailure(error: unknown): { retry: boolean; message: string } {
  const failure = error as { responseCode?: number; code?: string; command?: string; response?: string };
  const code = failure.responseCode;
  if (typeof code === 'number') {
    // 4xx: a transient refusal (greylisting, a full queue); 5xx: refused for good.
    return { retry: code >= 400 && code < 500, message: `The SMTP server answered ${failure.response ?? code}` };
  }
  // No connection, or refused before the message: it did not leave.
  if (failure.code === 'ECONNECTION' || failure.code === 'EDNS' || failure.command === 'CONN') {
    return { retry: true, message: `The SMTP server could not be reached (${failure.code ?? 'connection failed'})` };
  }
  // A connection lost mid-message may have delivered it: never sent twice.
  return {
    retry: false,
    message: `The SMTP connection failed while sending (${failure.code ?? 'unknown error'}); the mail may have gone out, so it is not sent again`,
  };
}
