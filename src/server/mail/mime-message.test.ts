import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The Graph simulator's reader, written separately from this builder: a round trip through it
// checks the message the way the MIME sendMail reads it.
import { parseMimeMessage } from '../../simulators/graph/mime-parser.js';
import { buildMimeMessage, MimeAddressError, type MimeMessageInput } from './mime-message.js';

const base: MimeMessageInput = {
  from: 'passwatch@contoso.com',
  to: ['adele.vance@contoso.com'],
  subject: 'Password Expiration Notice',
  html: '<p>Hello Adele,</p>',
  text: 'Hello Adele,\n',
  date: new Date('2025-03-10T14:30:05Z'),
  messageId: 'reminder-1@contoso.com',
};

const roundTrip = async (input: MimeMessageInput) => parseMimeMessage(Buffer.from(await buildMimeMessage(input), 'utf8'));

describe('buildMimeMessage', () => {
  it('writes the headers and a multipart/alternative of a text part and then an HTML part, CRLF throughout', async () => {
    const mime = await buildMimeMessage({ ...base, cc: ['helpdesk@contoso.com'] });
    const headers = mime.slice(0, mime.indexOf('\r\n\r\n'));
    const body = mime.slice(headers.length);
    expect(headers.split('\r\n')).toEqual(
      expect.arrayContaining([
        'From: passwatch@contoso.com',
        'To: adele.vance@contoso.com',
        'Cc: helpdesk@contoso.com',
        'Subject: Password Expiration Notice',
        'Date: Mon, 10 Mar 2025 14:30:05 +0000',
        'Message-ID: <reminder-1@contoso.com>',
        'MIME-Version: 1.0',
      ]),
    );
    expect(headers).toMatch(/Content-Type: multipart\/alternative;\s+boundary=/);
    expect(body.indexOf('Content-Type: text/plain; charset=utf-8')).toBeLessThan(body.indexOf('Content-Type: text/html; charset=utf-8'));
    expect(mime.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('is 7-bit ASCII with lines of at most 78 characters, and reads back as written', async () => {
    const input: MimeMessageInput = {
      ...base,
      to: Array.from({ length: 6 }, (_, index) => `user.number${index}@contoso.com`),
      subject: 'Ihr Passwort läuft in 3 Tagen ab – bitte jetzt ändern',
      html: `<p style="margin:0 0 14px 0;">Hallo Renée, ${'ein sehr langer Absatz '.repeat(20)}</p>`,
      text: `Hallo Renée,\n\n${'ein sehr langer Absatz '.repeat(20)}\n`,
    };
    const mime = await buildMimeMessage(input);
    expect(/^[\x20-\x7e\r\n]*$/.test(mime)).toBe(true);
    expect(mime.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(mime).toContain('Subject: =?UTF-8?');
    expect(await roundTrip(input)).toEqual({ from: input.from, to: input.to, cc: [], bcc: [], subject: input.subject, html: input.html, text: input.text });
  });

  it('gives a fresh Message-ID by default', async () => {
    const { messageId: _messageId, ...defaults } = base;
    const idOf = async () => /\r\nMessage-ID: (<[^>]+>)\r\n/.exec(await buildMimeMessage(defaults))?.[1];
    const first = await idOf();
    expect(first).toMatch(/@contoso\.com>$/);
    expect(first).not.toBe(await idOf());
  });

  it('refuses an address that would break a header or inject another', async () => {
    for (const address of [
      'a@contoso.com\r\nBcc: x@y.com',
      'Adele <a@contoso.com>',
      'a,b@contoso.com',
      'no-at-sign',
      '@contoso.com',
      'user@',
      'renée@contoso.com',
    ]) {
      await expect(buildMimeMessage({ ...base, to: [address] }), address).rejects.toThrow(MimeAddressError);
    }
    await expect(buildMimeMessage({ ...base, from: 'evil@contoso.com\nTo: x@y.com' })).rejects.toThrow(MimeAddressError);
  });

  it('never reads a file or a URL a template names', async () => {
    const html = '<p><img src="file:///etc/passwd"><img src="http://169.254.169.254/"></p>';
    expect((await roundTrip({ ...base, html })).html).toBe(html);
  });

  it('round-trips any subject, text and HTML through the reader', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.string({ unit: 'binary', maxLength: 400 }),
        async (subject, text, html) => {
          const parsed = await roundTrip({ ...base, subject, text, html });
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
