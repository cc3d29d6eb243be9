import { describe, expect, it } from 'vitest';
import { decodeBase64Body, decodeHeaderText, MimeFormatError, parseAddressList, parseMimeMessage } from './mime-parser.js';

const message = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');
const utf8Message = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

function formatError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MimeFormatError);
    return (error as MimeFormatError).reason;
  }
  throw new Error('expected a MimeFormatError');
}

describe('parseMimeMessage', () => {
  it('reads a multipart/alternative message: addresses, subject and both parts in their transfer encodings', () => {
    const parsed = parseMimeMessage(
      message(
        'From: Passwatch <passwatch@contoso.com>',
        'To: "Vance, Adele" <adele.vance@contoso.com>, alex.wilber@contoso.com',
        'Cc: Team: lee.gu@contoso.com;',
        'Subject: Password',
        '  Expiration Notice',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative;',
        ' boundary="=_b1"',
        '',
        'This is a multi-part message in MIME format.',
        '--=_b1',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Hello Ren=C3=A9e, your password expires in 3 days. This line is long enough =',
        'to be soft-wrapped.   ',
        'a=3Db',
        '--=_b1',
        'Content-Type: text/html; charset="UTF-8"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('<p>Hello Renée</p>', 'utf8').toString('base64'),
        '--=_b1--',
        'epilogue',
      ),
    );
    expect(parsed).toEqual({
      from: 'passwatch@contoso.com',
      to: ['adele.vance@contoso.com', 'alex.wilber@contoso.com'],
      cc: ['lee.gu@contoso.com'],
      bcc: [],
      subject: 'Password  Expiration Notice',
      text: 'Hello Renée, your password expires in 3 days. This line is long enough to be soft-wrapped.\na=b',
      html: '<p>Hello Renée</p>',
    });
  });

  it('finds the parts inside a multipart/mixed, skips attachments and reads 7bit and 8bit bodies', () => {
    const parsed = parseMimeMessage(
      utf8Message(
        'To: a@contoso.com',
        'Content-Type: multipart/mixed; boundary=outer',
        '',
        '--outer',
        'Content-Type: multipart/alternative; boundary="inner"',
        '',
        '--inner',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Grüße',
        '--inner',
        'Content-Type: text/html',
        '',
        '<b>hi</b>',
        '--inner--',
        '--outer',
        'Content-Type: text/plain; name="notes.txt"',
        'Content-Disposition: attachment; filename="notes.txt"',
        '',
        'not the body',
        '--outer--',
      ),
    );
    expect(parsed).toMatchObject({ text: 'Grüße', html: '<b>hi</b>' });
  });

  it('reads a single-part text message, and one without any body', () => {
    expect(parseMimeMessage(message('To: a@contoso.com', 'Subject: Hi', '', 'Just text', 'two lines'))).toMatchObject({
      text: 'Just text\ntwo lines',
      html: null,
      subject: 'Hi',
    });
    expect(parseMimeMessage(message('To: a@contoso.com', ''))).toMatchObject({ to: ['a@contoso.com'], text: '', html: null, from: null });
    expect(parseMimeMessage(message('To: a@contoso.com'))).toMatchObject({ to: ['a@contoso.com'], subject: '' });
  });

  it.each([
    ['a header line without a colon', message('To a@contoso.com', '', 'x'), 'malformed header line'],
    ['a continuation line first', message(' To: a@contoso.com', '', 'x'), 'continuation line'],
    ['no header section', message('', 'body only'), 'no header section'],
    ['a multipart without boundary', message('To: a@b.com', 'Content-Type: multipart/alternative', '', 'x'), 'without a boundary'],
    ['a boundary that never appears', message('To: a@b.com', 'Content-Type: multipart/alternative; boundary=b', '', 'x'), "boundary 'b' never appears"],
    ['a missing closing boundary', message('To: a@b.com', 'Content-Type: multipart/alternative; boundary=b', '', '--b', '', 'x'), 'closing boundary'],
    ['an unknown transfer encoding', message('To: a@b.com', 'Content-Transfer-Encoding: uuencode', '', 'x'), 'unknown Content-Transfer-Encoding'],
    ['a broken quoted-printable escape', message('To: a@b.com', 'Content-Transfer-Encoding: quoted-printable', '', 'a=ZZ'), 'malformed escape'],
    ['a base64 body that is not base64', message('To: a@b.com', 'Content-Transfer-Encoding: base64', '', 'ab$c'), 'not valid base64'],
    ['an unknown charset', message('To: a@b.com', 'Content-Type: text/plain; charset=x-klingon', '', 'x'), 'unknown charset'],
    ['a malformed Content-Type', message('To: a@b.com', 'Content-Type: text', '', 'x'), 'malformed Content-Type'],
    ['a line over 998 characters', message('To: a@b.com', '', 'x'.repeat(999)), 'longer than 998'],
    ['an unclosed angle bracket', message('To: Adele <a@b.com', '', 'x'), "unclosed '<'"],
  ])('refuses %s', (_case, raw, reason) => {
    expect(formatError(() => parseMimeMessage(raw))).toContain(reason);
  });
});

describe('decodeHeaderText', () => {
  it('decodes B and Q encoded-words, drops whitespace between them and keeps it elsewhere', () => {
    expect(decodeHeaderText('=?UTF-8?B?UGFzc3dvcnQgbMOkdWZ0IGFi?=')).toBe('Passwort läuft ab');
    expect(decodeHeaderText('=?iso-8859-1?Q?Caf=E9_cr=E8me?= today')).toBe('Café crème today');
    expect(decodeHeaderText('Re: =?UTF-8?Q?a?=  \t =?UTF-8?Q?b?= c')).toBe('Re: ab c');
  });

  it('joins a character split across two encoded-words of one charset', () => {
    const bytes = Buffer.from('日本', 'utf8');
    const first = bytes.subarray(0, 4).toString('base64');
    const second = bytes.subarray(4).toString('base64');
    expect(decodeHeaderText(`=?utf-8?b?${first}?= =?UTF-8?B?${second}?=`)).toBe('日本');
  });

  it('leaves a malformed encoded-word as it is and reads raw 8-bit text as UTF-8', () => {
    expect(decodeHeaderText('=?UTF-8?Q?bad=Z?= x')).toBe('=?UTF-8?Q?bad=Z?= x');
    expect(decodeHeaderText(Buffer.from('Grüße', 'utf8').toString('latin1'))).toBe('Grüße');
  });
});

describe('parseAddressList', () => {
  it('reads bare addresses, display names with specials, comments and groups', () => {
    expect(parseAddressList('a@contoso.com')).toEqual(['a@contoso.com']);
    expect(parseAddressList('"O\'Brien, Conor <Test>" <conor@contoso.com>, b@contoso.com (Bee)')).toEqual(['conor@contoso.com', 'b@contoso.com']);
    expect(parseAddressList('Undisclosed recipients:;')).toEqual([]);
    expect(parseAddressList('Team: x@contoso.com, y@contoso.com;, z@contoso.com')).toEqual(['x@contoso.com', 'y@contoso.com', 'z@contoso.com']);
  });
});

describe('decodeBase64Body', () => {
  it('accepts base64 with line breaks, refuses other characters and bad padding', () => {
    expect(decodeBase64Body('SGVs\r\nbG8=\r\n')?.toString()).toBe('Hello');
    expect(decodeBase64Body('')?.length).toBe(0);
    expect(decodeBase64Body('SGVsbG8')).toBeNull();
    expect(decodeBase64Body('SGVs*G8=')).toBeNull();
    expect(decodeBase64Body('{"message":{}}')).toBeNull();
  });
});
