// The encodings a MIME message is written in (RFC 2045, RFC 2047, RFC 5322): every line of the
// result is 7-bit ASCII and at most 76 characters, whatever the text, so no relay rewraps it.

const CRLF = '\r\n';
/** RFC 2045: encoded lines of at most 76 characters. */
const MAX_ENCODED_LINE = 76;
/** RFC 5322: header lines should stay within 78 characters. */
const MAX_HEADER_LINE = 78;

export type TransferEncoding = 'quoted-printable' | 'base64';

/** Line breaks as MIME wants them in text: CRLF. */
function canonicalLineBreaks(text: string): string {
  return text.replace(/\r\n|\r|\n/g, CRLF);
}

function isQuotedPrintableLiteral(byte: number): boolean {
  return byte >= 33 && byte <= 126 && byte !== 61;
}

/**
 * Quoted-printable: mostly-ASCII text stays readable. Printable ASCII is literal ('=' escaped),
 * spaces and tabs too except at a line's end, every other byte '=XX'; lines longer than 76
 * characters end in a soft break '=' (an escape is never split).
 */
export function encodeQuotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map(encodeQuotedPrintableLine)
    .join(CRLF);
}

function encodeQuotedPrintableLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  const lines: string[] = [];
  let current = '';
  bytes.forEach((byte, index) => {
    const whitespace = (byte === 32 || byte === 9) && index < bytes.length - 1;
    const token = isQuotedPrintableLiteral(byte) || whitespace ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    // Room for the token and the soft break '=' after it.
    if (current.length + token.length > MAX_ENCODED_LINE - 1) {
      lines.push(`${current}=`);
      current = '';
    }
    current += token;
  });
  lines.push(current);
  return lines.join(CRLF);
}

/** Base64 of the text's UTF-8 bytes (line breaks made CRLF first, as RFC 2045 asks of text), 76 characters a line. */
export function encodeBase64Lines(text: string): string {
  const encoded = Buffer.from(canonicalLineBreaks(text), 'utf8').toString('base64');
  return encoded.match(new RegExp(`.{1,${MAX_ENCODED_LINE}}`, 'g'))?.join(CRLF) ?? '';
}

/**
 * The smaller encoding: quoted-printable costs 2 extra characters per escaped byte, base64 a third
 * of every byte, so base64 wins once more than a sixth of the bytes need escaping (most non-Latin
 * scripts).
 */
export function chooseTransferEncoding(text: string): TransferEncoding {
  const bytes = Buffer.from(text, 'utf8');
  let escaped = 0;
  for (const byte of bytes) if (!isQuotedPrintableLiteral(byte) && byte !== 32 && byte !== 9 && byte !== 10 && byte !== 13) escaped++;
  return escaped * 6 > bytes.length ? 'base64' : 'quoted-printable';
}

export function encodeBody(text: string, encoding: TransferEncoding): string {
  return encoding === 'base64' ? encodeBase64Lines(text) : encodeQuotedPrintable(text);
}

/**
 * An unstructured header value (Subject) after `Name: `. Printable ASCII stays as it is, folded
 * at spaces; anything else (non-ASCII, control characters, a literal '=?', a word too long to
 * fold) becomes RFC 2047 'B' encoded-words of UTF-8, each whole characters, one per line.
 */
export function encodeHeaderText(fieldName: string, value: string): string {
  // A header value never carries a line break: that would start a new header.
  const text = value.replace(/[\r\n]+/g, ' ');
  const words = text.split(' ');
  const used = fieldName.length + 2;
  // Readers drop the spaces that open or close a plain header value; an encoded word keeps them.
  const plain = /^[\x20-\x7e]*$/.test(text) && text === text.trim() && !text.includes('=?') && words.every((word) => used + word.length <= MAX_HEADER_LINE);
  return plain ? foldAtSpaces(used, words) : encodedWords(used, text);
}

/** Joins the words with spaces, folding before a word that would pass 78 characters (the fold's CRLF unfolds to nothing). */
export function foldAtSpaces(firstLineUsed: number, words: readonly string[]): string {
  let used = firstLineUsed;
  let folded = '';
  words.forEach((word, index) => {
    if (index > 0 && word !== '' && used + 1 + word.length > MAX_HEADER_LINE) {
      folded += `${CRLF} ${word}`;
      used = 1 + word.length;
    } else {
      folded += index > 0 ? ` ${word}` : word;
      used += (index > 0 ? 1 : 0) + word.length;
    }
  });
  return folded;
}

const ENCODED_WORD_OVERHEAD = '=?UTF-8?B??='.length;

function encodedWords(firstLineUsed: number, text: string): string {
  const words: string[] = [];
  let room = MAX_ENCODED_LINE - firstLineUsed;
  let chunk: Buffer[] = [];
  let chunkBytes = 0;
  const flush = () => {
    words.push(`=?UTF-8?B?${Buffer.concat(chunk).toString('base64')}?=`);
    chunk = [];
    chunkBytes = 0;
    // Later words start a continuation line after its one space.
    room = MAX_ENCODED_LINE - 1;
  };
  for (const character of text) {
    const bytes = Buffer.from(character, 'utf8');
    // Base64 turns every 3 bytes into 4 characters.
    const maxBytes = Math.floor((room - ENCODED_WORD_OVERHEAD) / 4) * 3;
    if (chunkBytes + bytes.length > maxBytes && chunkBytes > 0) flush();
    chunk.push(bytes);
    chunkBytes += bytes.length;
  }
  if (chunkBytes > 0 || words.length === 0) flush();
  return words.join(`${CRLF} `);
}
