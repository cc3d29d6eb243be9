// One email as an RFC 5322 message in MIME multipart/alternative: the plain-text part first, the
// HTML part last (a client shows the last part it can display). This is what Graph's MIME-format
// sendMail takes, base64-encoded; its JSON format carries a single body and no text part.
import { randomBytes, randomUUID } from 'node:crypto';
import { chooseTransferEncoding, encodeBody, encodeHeaderText, foldAtSpaces } from './mime-encoding.js';

const CRLF = '\r\n';

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
  /** The multipart boundary; default a random one that quoted-printable and base64 output cannot contain. */
  boundary?: string;
}

/** An address that cannot go into a header as it is: it would break the header or inject another. */
export class MimeAddressError extends Error {
  constructor(readonly address: string) {
    super(`'${address}' is not an email address that can be written into a mail header.`);
    this.name = 'MimeAddressError';
  }
}

/** The whole message, CRLF line endings, 7-bit ASCII, no line over 78 characters (body lines at most 76). */
export function buildMimeMessage(input: MimeMessageInput): string {
  const from = checkedAddress(input.from);
  const to = input.to.map(checkedAddress);
  const cc = (input.cc ?? []).map(checkedAddress);
  const boundary = input.boundary ?? newBoundary();
  const messageId = input.messageId ?? `${randomUUID()}@${from.slice(from.lastIndexOf('@') + 1)}`;
  return [
    `From: ${from}`,
    addressHeader('To', to),
    ...(cc.length > 0 ? [addressHeader('Cc', cc)] : []),
    `Subject: ${encodeHeaderText('Subject', input.subject)}`,
    `Date: ${formatMailDate(input.date ?? new Date())}`,
    `Message-ID: <${messageId}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative;${CRLF} boundary="${boundary}"`,
    '',
    `--${boundary}`,
    textPart('text/plain', input.text),
    `--${boundary}`,
    textPart('text/html', input.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/** 'To: a@x.com, b@y.com' folded at the spaces between addresses. */
function addressHeader(name: 'To' | 'Cc', addresses: readonly string[]): string {
  return `${name}: ${foldAtSpaces(
    `${name}: `.length,
    addresses.map((address, index) => (index < addresses.length - 1 ? `${address},` : address)),
  )}`;
}

/**
 * '=_' never occurs in quoted-printable ('=' is followed by two hex digits or a line break) nor in
 * base64, so no part's content can end the part early.
 */
function newBoundary(): string {
  return `=_Passwatch_${randomBytes(12).toString('hex')}`;
}

function textPart(mediaType: 'text/plain' | 'text/html', content: string): string {
  const encoding = chooseTransferEncoding(content);
  return [`Content-Type: ${mediaType}; charset=utf-8`, `Content-Transfer-Encoding: ${encoding}`, '', encodeBody(content, encoding)].join(CRLF);
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 5322 date-time in UTC: 'Mon, 10 Mar 2025 14:30:00 +0000'. */
export function formatMailDate(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${WEEKDAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${time} +0000`;
}
