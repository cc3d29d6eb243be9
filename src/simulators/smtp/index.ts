// An SMTP server that accepts every message and keeps it in memory: the sink account mail goes to
// in demo mode and in tests, so the app's real SMTP client (nodemailer) talks to a real server.
// An HTTP page beside it lists what arrived, as the Graph simulator's mailbox page lists Graph mail.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { renderMailboxPage, type ListedMessage } from '../graph/mailbox-page.js';
import { MimeFormatError, parseMimeMessage } from '../graph/mime-parser.js';

interface ReceivedMail {
  /** SMTP envelope: MAIL FROM and RCPT TO. */
  envelopeFrom: string | null;
  envelopeTo: string[];
  /** The message as it arrived (RFC 5322), for tests to parse with a client of their choice. */
  raw: Buffer;
  /** ISO 8601. */
  receivedAt: string;
}

export interface SmtpSink {
  /** Oldest first; at most `keep` (the oldest go first). */
  readonly received: ReceivedMail[];
  /** Starts the SMTP listener and the page; resolves to the URL for the app's SMTP client and the page's URL. */
  listen(host?: string): Promise<{ smtpUrl: string; pageUrl: string }>;
  close(): Promise<void>;
}

const PAGE = {
  title: 'Account mail (SMTP)',
  description:
    "Passwatch's own mail (alerts, reports, announcements, the helpdesk digest) as the in-process SMTP sink received it. Nothing here left this machine.",
};

/** `keep`: how many messages to hold (a long demo must not grow without bound). */
export function createSmtpSink(options: { keep?: number } = {}): SmtpSink {
  const keep = options.keep ?? 500;
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    // Loopback only, no credentials to check; plain text keeps the demo free of certificates.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
          receivedAt: new Date().toISOString(),
        });
        if (received.length > keep) received.splice(0, received.length - keep);
        callback();
      });
    },
  });
  const page: HttpServer = createHttpServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '/').split('?')[0] !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(renderMailboxPage(received.map(listed), null, PAGE));
  });
  const listenOn = (
    server: { listen(port: number, host: string, callback: () => void): unknown; once(event: 'error', listener: (error: Error) => void): unknown },
    host: string,
    address: () => AddressInfo,
  ) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve(address().port));
    });
  return {
    received,
    async listen(host = '127.0.0.1') {
      const smtpPort = await listenOn(smtp, host, () => smtp.server.address() as AddressInfo);
      const pagePort = await listenOn(page, host, () => page.address() as AddressInfo);
      return { smtpUrl: `smtp://${host}:${smtpPort}`, pageUrl: `http://${host}:${pagePort}/` };
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => page.close(() => resolve()));
    },
  };
}

/** The page's view of a message; one this sink cannot read shows as such instead of breaking the page. */
function listed(mail: ReceivedMail): ListedMessage {
  try {
    const parsed = parseMimeMessage(mail.raw);
    return {
      from: parsed.from ?? mail.envelopeFrom ?? '',
      to: parsed.to.length > 0 ? parsed.to : mail.envelopeTo,
      cc: parsed.cc,
      subject: parsed.subject,
      contentType: parsed.html === null ? 'Text' : 'HTML',
      content: parsed.html ?? parsed.text ?? '',
      textContent: parsed.html === null ? null : parsed.text,
      receivedAt: mail.receivedAt,
    };
  } catch (error) {
    if (!(error instanceof MimeFormatError)) throw error;
    return {
      from: mail.envelopeFrom ?? '',
      to: mail.envelopeTo,
      cc: [],
      subject: '(unreadable message)',
      contentType: 'Text',
      content: error.reason,
      textContent: null,
      receivedAt: mail.receivedAt,
    };
  }
}
