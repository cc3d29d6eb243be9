import { describe, expect, it } from 'vitest';
import { chooseTransferEncoding, encodeBase64Lines, encodeHeaderText, encodeQuotedPrintable, foldAtSpaces } from './mime-encoding.js';

const lines = (encoded: string) => encoded.split('\r\n');

describe('encodeQuotedPrintable', () => {
  it('keeps printable ASCII, escapes "=", non-ASCII bytes and whitespace at a line end', () => {
    expect(encodeQuotedPrintable('a=b café')).toBe('a=3Db caf=C3=A9');
    expect(encodeQuotedPrintable('tail \nnext\t')).toBe('tail=20\r\nnext=09');
    expect(encodeQuotedPrintable('one\r\ntwo\rthree')).toBe('one\r\ntwo\r\nthree');
  });

  it('soft-breaks long lines at 76 characters without splitting an escape', () => {
    const encoded = encodeQuotedPrintable(`${'x'.repeat(74)}é${'y'.repeat(100)}`);
    const [first, second, third] = lines(encoded);
    // 'é' (=C3=A9) does not fit after 74 characters and the soft break: it starts the next line.
    expect(first).toBe(`${'x'.repeat(74)}=`);
    expect(second).toBe(`=C3=A9${'y'.repeat(69)}=`);
    expect(third).toBe('y'.repeat(31));
    expect(lines(encoded).every((line) => line.length <= 76)).toBe(true);
  });
});

describe('encodeBase64Lines', () => {
  it('encodes the UTF-8 bytes with CRLF line breaks in lines of 76', () => {
    const text = 'Grüße\nnach Köln '.repeat(10);
    const encoded = encodeBase64Lines(text);
    expect(
      lines(encoded)
        .slice(0, -1)
        .every((line) => line.length === 76),
    ).toBe(true);
    expect(Buffer.from(encoded.replaceAll('\r\n', ''), 'base64').toString('utf8')).toBe(text.replaceAll('\n', '\r\n'));
    expect(encodeBase64Lines('')).toBe('');
  });
});

describe('chooseTransferEncoding', () => {
  it('takes quoted-printable for mostly-ASCII text and base64 once escapes would cost more', () => {
    expect(chooseTransferEncoding('Hello Renée, your password expires in 3 days.\n')).toBe('quoted-printable');
    expect(chooseTransferEncoding('<p style="margin:0">Hi</p>')).toBe('quoted-printable');
    expect(chooseTransferEncoding('パスワードの有効期限が切れます')).toBe('base64');
    expect(chooseTransferEncoding('Пароль истекает через 3 дня')).toBe('base64');
  });
});

describe('encodeHeaderText', () => {
  it('keeps a printable ASCII subject as it is', () => {
    expect(encodeHeaderText('Subject', 'Password Expiration Notice')).toBe('Password Expiration Notice');
  });

  it('folds a long ASCII subject at spaces within 78 characters', () => {
    const subject = Array.from({ length: 20 }, (_, index) => `word${index}`).join(' ');
    const encoded = encodeHeaderText('Subject', subject);
    const headerLines = lines(`Subject: ${encoded}`);
    expect(headerLines.length).toBeGreaterThan(1);
    expect(headerLines.every((line) => line.length <= 78)).toBe(true);
    // Unfolding (removing each CRLF) gives the subject back.
    expect(encoded.replaceAll('\r\n', '')).toBe(subject);
  });

  it('writes non-ASCII as UTF-8 B encoded-words of whole characters, each line within 76', () => {
    const subject = 'Ihr Passwort läuft in 3 Tagen ab – bitte ändern Sie es jetzt 🔒 日本語のテキスト';
    const encoded = encodeHeaderText('Subject', subject);
    const words = lines(encoded).map((line) => line.trim());
    expect(words.every((word) => /^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/.test(word))).toBe(true);
    expect(lines(`Subject: ${encoded}`).every((line) => line.length <= 76)).toBe(true);
    const decodedWords = words.map((word) => Buffer.from(word.slice(10, -2), 'base64').toString('utf8'));
    expect(decodedWords.join('')).toBe(subject);
    expect(decodedWords.every((word) => !word.includes('\uFFFD'))).toBe(true);
  });

  it('encodes rather than passes on a line break, a control character or a literal "=?"', () => {
    expect(encodeHeaderText('Subject', 'Hi\r\nBcc: x@y.com')).toBe('Hi Bcc: x@y.com');
    expect(encodeHeaderText('Subject', 'tab\there')).toMatch(/^=\?UTF-8\?B\?/);
    expect(encodeHeaderText('Subject', 'see =?x?')).toMatch(/^=\?UTF-8\?B\?/);
    expect(encodeHeaderText('Subject', '')).toBe('');
  });
});

describe('foldAtSpaces', () => {
  it('never starts a folded line with nothing but whitespace', () => {
    const folded = foldAtSpaces(70, ['aaaa', '', 'bbbbbbbbbb']);
    expect(folded).toBe('aaaa \r\n bbbbbbbbbb');
  });
});
