// One email as an RFC 5322 message in MIME multipart/alternative: the plain-text part first, the
// HTML part last (a client shows the last part it can display). This is what Graph's MIME-format
// sendMail takes, base64-encoded; its JSON format carries a single body and no text part. Composed
// by nodemailer's MailComposer (headers encoded as RFC 2047 words, bodies quoted-printable or
// base64, lines folded); this file only decides what goes in and refuses addresses that would
// change the headers' meaning.
import MailComposer from 'nodemailer/lib/mail-composer';
import { encodeWord, foldLines } from 'nodemailer/lib/mime-funcs';

export interface MimeMessageInput {
  from: string;
  to: readonly string[];
  cc?: readonly string[];
  subject: string;
  html: string;
  text: string;
  /** The Date header; default now. */
  date?: Date;
  /** Without angle brackets; default a random one at the sender's domain. */
  messageId?: string;
}

/** An address that cannot go into a header as it is: it would break the header or inject another. */
export class MimeAddressError extends Error {
  constructor(readonly address: string) {
    super(`'${address}' is not an email address that can be written into a mail header.`);
    this.name = 'MimeAddressError';
  }
}

/**
 * The whole message, CRLF line endings, 7-bit ASCII. Bare addresses only: MailComposer would read
 * 'Adele <a@x.com>' or 'a,b@x.com' as names and lists, so such input is refused here rather than
 * sent somewhere else.
 */
export async function buildMimeMessage(input: MimeMessageInput): Promise<string> {
  const from = checkedAddress(input.from);
  const to = input.to.map(checkedAddress);
  const cc = (input.cc ?? []).map(checkedAddress);
  const composer = new MailComposer({
    from,
    to,
    ...(cc.length > 0 ? { cc } : {}),
    ...subjectOf(input.subject),
    text: part(input.text),
    html: part(input.html),
    date: input.date ?? new Date(),
    ...(input.messageId ? { messageId: `<${input.messageId}>` } : {}),
    // CRLF everywhere, also for a line break inside a 7-bit part (RFC 5322 knows no other).
    newline: 'windows',
    // Nothing in a template may make the server read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const message = await composer.compile().build();
  return message.toString('utf8');
}

/**
 * A reader trims a plain header value and reads runs of blanks as one, so a subject with blanks at
 * either end or doubled goes whole as encoded words (which keep every character); any other is
 * left to MailComposer, which encodes only the words that need it.
 */
function subjectOf(subject: string): { subject: string } | { headers: { Subject: { prepared: true; value: string } } } {
  if (!/^\s|\s$|\s\s/.test(subject)) return { subject };
  const header = foldLines(`Subject: ${encodeWord(subject, 'B', 52)}`, 76);
  return { headers: { Subject: { prepared: true, value: header.slice('Subject: '.length) } } };
}

/**
 * A text part's content: in a MIME text body CRLF is the only line break (RFC 2045), so a lone CR
 * becomes one too (`newline` then writes each as CRLF). A Buffer, so that an empty part is still
 * written (MailComposer leaves out an empty string).
 */
function part(content: string): Buffer {
  return Buffer.from(content.replace(/\r\n|\r/g, '\n'), 'utf8');
}

const HEADER_SPECIALS = /[()<>[\]:;@\\,"]/;

function checkedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (at <= 0 || domain === '' || !/^[\x21-\x7e]+$/.test(address) || HEADER_SPECIALS.test(local) || HEADER_SPECIALS.test(domain)) {
    throw new MimeAddressError(address);
  }
  return address;
}
