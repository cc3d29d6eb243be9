import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The Graph simulator's reader, written separately from this builder: a round trip through it
// checks the message the way the MIME sendMail reads it.
import { parseMimeMessage } from '../../simulators/graph/mime-parser.js';
import { buildMimeMessage, formatMailDate, MimeAddressError, type MimeMessageInput } from './mime-message.js';

const base: MimeMessageInput = {
  from: 'passwatch@contoso.com',
  to: ['adele.vance@contoso.com'],
  subject: 'Password Expiration Notice',
  html: '<p>Hello Adele,</p>',
  text: 'Hello Adele,\n',
  date: new Date('2025-03-10T14:30:05Z'),
  messageId: 'reminder-1@contoso.com',
  boundary: '=_Passwatch_test',
};

const roundTrip = (input: MimeMessageInput) => parseMimeMessage(Buffer.from(buildMimeMessage(input), 'utf8'));

describe('buildMimeMessage', () => {
  it('writes the headers and a multipart/alternative of a text and an HTML part, CRLF throughout', () => {
    expect(buildMimeMessage(base)).toBe(
      [
        'From: passwatch@contoso.com',
        'To: adele.vance@contoso.com',
        'Subject: Password Expiration Notice',
        'Date: Mon, 10 Mar 2025 14:30:05 +0000',
        'Message-ID: <reminder-1@contoso.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative;',
        ' boundary="=_Passwatch_test"',
        '',
        '--=_Passwatch_test',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Hello Adele,',
        '',
        '--=_Passwatch_test',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '<p>Hello Adele,</p>',
        '--=_Passwatch_test--',
        '',
      ].join('\r\n'),
    );
  });

  it('is 7-bit ASCII with body lines of at most 76 and header lines of at most 78 characters, and reads back as written', () => {
    const input: MimeMessageInput = {
      ...base,
      to: Array.from({ length: 6 }, (_, index) => `user.number${index}@contoso.com`),
      subject: 'Ihr Passwort läuft in 3 Tagen ab – bitte jetzt ändern',
      html: `<p style="margin:0 0 14px 0;">Hallo Renée, ${'ein sehr langer Absatz '.repeat(20)}</p>`,
      text: `Hallo Renée,\n\n${'ein sehr langer Absatz '.repeat(20)}\n`,
    };
    const mime = buildMimeMessage(input);
    expect(/^[\x20-\x7e\r\n]*$/.test(mime)).toBe(true);
    expect(mime.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const [headers = '', body = ''] = mime.split('\r\n\r\n');
    expect(headers.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(body.split('\r\n').every((line) => line.length <= 76)).toBe(true);
    expect(headers).toContain('Subject: =?UTF-8?B?');
    expect(roundTrip(input)).toEqual({ from: input.from, to: input.to, cc: [], bcc: [], subject: input.subject, html: input.html, text: input.text });
  });

  it('base64-encodes parts that quoted-printable would blow up', () => {
    const mime = buildMimeMessage({ ...base, subject: 'パスワード', text: 'パスワードの有効期限が切れます', html: '<p>パスワードの有効期限が切れます</p>' });
    expect(mime.match(/Content-Transfer-Encoding: base64/g)).toHaveLength(2);
  });

  it("uses a fresh random boundary and Message-ID at the sender's domain by default", () => {
    const { boundary: _boundary, messageId: _messageId, ...defaults } = base;
    const first = buildMimeMessage(defaults);
    const second = buildMimeMessage(defaults);
    const boundaryOf = (mime: string) => /boundary="(=_Passwatch_[0-9a-f]{24})"/.exec(mime)?.[1];
    expect(boundaryOf(first)).toBeDefined();
    expect(boundaryOf(first)).not.toBe(boundaryOf(second));
    expect(first).toMatch(/\r\nMessage-ID: <[0-9a-f-]{36}@contoso\.com>\r\n/);
  });

  it('refuses an address that would break a header or inject another', () => {
    for (const address of [
      'a@contoso.com\r\nBcc: x@y.com',
      'Adele <a@contoso.com>',
      'a,b@contoso.com',
      'no-at-sign',
      '@contoso.com',
      'user@',
      'renée@contoso.com',
    ]) {
      expect(() => buildMimeMessage({ ...base, to: [address] }), address).toThrow(MimeAddressError);
    }
    expect(() => buildMimeMessage({ ...base, from: 'evil@contoso.com\nTo: x@y.com' })).toThrow(MimeAddressError);
  });

  it('round-trips any subject, text and HTML through the reader', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.string({ unit: 'binary', maxLength: 400 }),
        (subject, text, html) => {
          const parsed = roundTrip({ ...base, subject, text, html });
          // A header has no line breaks; CRLF is the only line break in a MIME body.
          expect(parsed.subject).toBe(subject.replace(/[\r\n]+/g, ' ').trim());
          expect(parsed.text).toBe(text.replace(/\r\n|\r/g, '\n'));
          expect(parsed.html).toBe(html.replace(/\r\n|\r/g, '\n'));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('formatMailDate', () => {
  it('writes RFC 5322 dates in UTC', () => {
    expect(formatMailDate(new Date('2024-02-29T00:00:00Z'))).toBe('Thu, 29 Feb 2024 00:00:00 +0000');
    expect(formatMailDate(new Date('2025-12-07T23:59:59.999-05:00'))).toBe('Mon, 08 Dec 2025 04:59:59 +0000');
  });
});
