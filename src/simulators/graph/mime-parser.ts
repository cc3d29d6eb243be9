// Reads the RFC 5322 / MIME message of a MIME-format sendMail (Content-Type: text/plain, the
// message base64-encoded): the address headers, the subject (RFC 2047 encoded-words included) and
// the text/plain and text/html bodies, through nested multiparts, in any of the transfer
// encodings. Stricter than Exchange, which repairs some damage: a line over 998 characters, a
// broken header, a multipart without its boundaries or an unknown encoding is refused, so a
// client bug shows up here instead of as a garbled mail.

/** The message is not valid MIME; `reason` says why (the simulator's answer does not). */
export class MimeFormatError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid MIME content: ${reason}`);
    this.name = 'MimeFormatError';
  }
}

export interface ParsedMimeMessage {
  /** The From header's address, or null when the message has none. */
  from: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** The first text/html body that is not an attachment, decoded; null when there is none. */
  html: string | null;
  /** The first text/plain body that is not an attachment, decoded, with '\n' line breaks; null when there is none. */
  text: string | null;
}

/**
 * The request body as .NET's Convert.FromBase64String reads it: whitespace ignored, otherwise
 * only the base64 alphabet with correct padding. Null when it is not base64.
 */
export function decodeBase64Body(body: string): Buffer | null {
  const compact = body.replace(/[\t\n\r ]/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

const MAX_LINE_LENGTH = 998;
const MAX_NESTING = 8;

type HeaderFields = Map<string, string[]>;

interface Entity {
  headers: HeaderFields;
  /** The body as a byte string (one character per byte). */
  body: string;
}

/** The message's addresses, subject and bodies; throws MimeFormatError when it is not valid MIME. */
export function parseMimeMessage(message: Buffer): ParsedMimeMessage {
  const raw = message.toString('latin1');
  for (const line of raw.split(/\r?\n/)) {
    if (line.length > MAX_LINE_LENGTH) throw new MimeFormatError(`a line is longer than ${MAX_LINE_LENGTH} characters`);
  }
  const entity = parseEntity(raw);
  if (entity.headers.size === 0) throw new MimeFormatError('the message has no header section');
  const header = (name: string) => entity.headers.get(name) ?? [];
  const bodies: Pick<ParsedMimeMessage, 'html' | 'text'> = { html: null, text: null };
  collectBodies(entity, bodies, 0);
  const [from = null] = header('from').flatMap(parseAddressList);
  return {
    from,
    to: header('to').flatMap(parseAddressList),
    cc: header('cc').flatMap(parseAddressList),
    bcc: header('bcc').flatMap(parseAddressList),
    subject: decodeHeaderText(header('subject')[0] ?? '').trim(),
    ...bodies,
  };
}

/** Headers up to the first empty line (names lower-cased, folded lines joined), then the body. */
function parseEntity(raw: string): Entity {
  const separator = /\r?\n\r?\n/.exec(raw);
  const startsWithBody = /^\r?\n/.exec(raw);
  const headerText = startsWithBody ? '' : separator ? raw.slice(0, separator.index) : raw.replace(/\r?\n$/, '');
  const body = startsWithBody ? raw.slice(startsWithBody[0].length) : separator ? raw.slice(separator.index + separator[0].length) : '';
  const headers: HeaderFields = new Map();
  let current: { name: string; value: string } | null = null;
  const flush = () => {
    if (current) headers.set(current.name, [...(headers.get(current.name) ?? []), current.value]);
  };
  for (const line of headerText === '' ? [] : headerText.split(/\r?\n/)) {
    if (/^[ \t]/.test(line)) {
      if (!current) throw new MimeFormatError('the header section starts with a continuation line');
      current.value += line;
      continue;
    }
    const field = /^([!-9;-~]+):(.*)$/.exec(line);
    if (!field) throw new MimeFormatError(`malformed header line '${line.slice(0, 60)}'`);
    flush();
    current = { name: (field[1] ?? '').toLowerCase(), value: (field[2] ?? '').trimStart() };
  }
  flush();
  return { headers, body };
}

interface ContentType {
  /** 'text/plain', 'multipart/alternative', ... lower-cased. */
  mediaType: string;
  /** Parameter names lower-cased; quoted values unquoted. */
  parameters: Map<string, string>;
}

const TOKEN = "[!#$%&'*+\\-.0-9A-Z^_`a-z{|}~]+";
const MEDIA_TYPE = new RegExp(`^\\s*(${TOKEN}/${TOKEN})\\s*`);
const PARAMETER = new RegExp(`^;\\s*(${TOKEN})\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|(${TOKEN}))\\s*`);

function parseContentType(value: string | undefined): ContentType {
  if (value === undefined) return { mediaType: 'text/plain', parameters: new Map([['charset', 'us-ascii']]) };
  const type = MEDIA_TYPE.exec(value);
  if (!type) throw new MimeFormatError(`malformed Content-Type '${value}'`);
  const parameters = new Map<string, string>();
  let rest = value.slice(type[0].length);
  while (rest !== '' && rest !== ';') {
    const parameter = PARAMETER.exec(rest);
    if (!parameter) throw new MimeFormatError(`malformed Content-Type parameters '${rest}'`);
    parameters.set((parameter[1] ?? '').toLowerCase(), parameter[2]?.replace(/\\(.)/g, '$1') ?? parameter[3] ?? '');
    rest = rest.slice(parameter[0].length);
  }
  return { mediaType: (type[1] ?? '').toLowerCase(), parameters };
}

function collectBodies(entity: Entity, found: Pick<ParsedMimeMessage, 'html' | 'text'>, depth: number): void {
  if (depth > MAX_NESTING) throw new MimeFormatError('multiparts nested too deeply');
  const contentType = parseContentType(entity.headers.get('content-type')?.[0]);
  if (contentType.mediaType.startsWith('multipart/')) {
    const boundary = contentType.parameters.get('boundary');
    if (!boundary) throw new MimeFormatError(`${contentType.mediaType} without a boundary parameter`);
    for (const part of splitMultipart(entity.body, boundary)) collectBodies(parseEntity(part), found, depth + 1);
    return;
  }
  const disposition = entity.headers.get('content-disposition')?.[0] ?? '';
  if (/^\s*attachment\b/i.test(disposition)) return;
  const slot = contentType.mediaType === 'text/html' ? 'html' : contentType.mediaType === 'text/plain' ? 'text' : null;
  if (slot === null || found[slot] !== null) return;
  const bytes = decodeTransferEncoding(entity.body, entity.headers.get('content-transfer-encoding')?.[0]);
  found[slot] = decodeCharset(bytes, contentType.parameters.get('charset') ?? 'us-ascii').replace(/\r\n/g, '\n');
}

/** The parts between `--boundary` lines, up to the closing `--boundary--` (preamble and epilogue dropped). */
function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `${delimiter}--`) {
      if (current === null) break;
      parts.push(current.join('\r\n'));
      return parts;
    }
    if (trimmed === delimiter) {
      if (current !== null) parts.push(current.join('\r\n'));
      current = [];
    } else {
      current?.push(line);
    }
  }
  throw new MimeFormatError(current === null ? `the boundary '${boundary}' never appears` : `the closing boundary '${delimiter}--' is missing`);
}

function decodeTransferEncoding(body: string, encoding = '7bit'): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case '7bit':
    case '8bit':
    case 'binary':
      return Buffer.from(body, 'latin1');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64': {
      const decoded = decodeBase64Body(body);
      if (!decoded) throw new MimeFormatError('a base64 body is not valid base64');
      return decoded;
    }
    default:
      throw new MimeFormatError(`unknown Content-Transfer-Encoding '${encoding}'`);
  }
}

/** RFC 2045 section 6.7: trailing whitespace dropped, '=' at a line's end joins it to the next, '=XX' a byte. */
function decodeQuotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const lines = body.split(/\r?\n/);
  lines.forEach((rawLine, index) => {
    const line = rawLine.replace(/[ \t]+$/, '');
    const soft = line.endsWith('=');
    const content = soft ? line.slice(0, -1) : line;
    for (let position = 0; position < content.length; position++) {
      if (content[position] !== '=') {
        bytes.push(content.charCodeAt(position));
        continue;
      }
      const hex = content.slice(position + 1, position + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new MimeFormatError(`a quoted-printable body has a malformed escape '=${hex}'`);
      bytes.push(Number.parseInt(hex, 16));
      position += 2;
    }
    if (!soft && index < lines.length - 1) bytes.push(13, 10);
  });
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim()).decode(bytes);
  } catch {
    throw new MimeFormatError(`unknown charset '${charset}'`);
  }
}

const ENCODED_WORD = /=\?([^?\s*]+)(?:\*[^?\s]*)?\?([BbQq])\?([^?\s]*)\?=/g;

/** Consecutive encoded-words of one charset: decoded together, as encoders split characters across words. */
interface EncodedRun {
  charset: string;
  bytes: Buffer[];
}

/**
 * An unstructured header's text: RFC 2047 encoded-words decoded (whitespace between two of them
 * dropped), the rest read as UTF-8 (RFC 6532). A malformed encoded-word stays as it is.
 */
export function decodeHeaderText(raw: string): string {
  const pieces: string[] = [];
  let run: EncodedRun | null = null;
  let last = 0;
  for (const match of raw.matchAll(ENCODED_WORD)) {
    const between = raw.slice(last, match.index);
    last = match.index + match[0].length;
    const [word, charset = '', encoding = '', payload = ''] = match;
    const bytes = encodedWordBytes(encoding, payload);
    if (bytes === null) {
      if (run) pieces.push(decodeRun(run));
      run = null;
      pieces.push(readUtf8(between + word));
      continue;
    }
    if (run && /^[ \t]*$/.test(between)) {
      if (run.charset === charset.toLowerCase()) {
        run.bytes.push(bytes);
        continue;
      }
      pieces.push(decodeRun(run));
    } else {
      if (run) pieces.push(decodeRun(run));
      pieces.push(readUtf8(between));
    }
    run = { charset: charset.toLowerCase(), bytes: [bytes] };
  }
  if (run) pieces.push(decodeRun(run));
  pieces.push(readUtf8(raw.slice(last)));
  return pieces.join('');
}

function encodedWordBytes(encoding: string, payload: string): Buffer | null {
  if (encoding.toUpperCase() === 'B') return decodeBase64Body(payload);
  const bytes: number[] = [];
  for (let position = 0; position < payload.length; position++) {
    const character = payload[position] ?? '';
    if (character === '_') bytes.push(32);
    else if (character !== '=') bytes.push(character.charCodeAt(0));
    else {
      const hex = payload.slice(position + 1, position + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      position += 2;
    }
  }
  return Buffer.from(bytes);
}

function decodeRun(run: EncodedRun): string {
  const bytes = Buffer.concat(run.bytes);
  try {
    return new TextDecoder(run.charset).decode(bytes);
  } catch {
    // An unknown charset: the bytes as they are, rather than nothing.
    return bytes.toString('latin1');
  }
}

/** Raw header bytes (one character per byte) read as UTF-8. */
function readUtf8(byteString: string): string {
  return Buffer.from(byteString, 'latin1').toString('utf8');
}

/**
 * The addresses of an address-list header: `a@b`, `"Name, Jr." <a@b>`, `Name <a@b> (comment)`,
 * groups (`Team: a@b, c@d;`, `Undisclosed recipients:;`). Display names are dropped.
 */
export function parseAddressList(raw: string): string[] {
  const addresses: string[] = [];
  let token = '';
  let angle: string | null = null;
  let quoted = false;
  let comment = 0;
  const finish = () => {
    const address = (angle ?? token).trim();
    if (address !== '') addresses.push(address);
    token = '';
    angle = null;
  };
  for (let position = 0; position < raw.length; position++) {
    const character = raw[position] ?? '';
    if (quoted) {
      if (character === '\\') position++;
      else if (character === '"') quoted = false;
      continue;
    }
    if (comment > 0) {
      if (character === '\\') position++;
      else if (character === '(') comment++;
      else if (character === ')') comment--;
      continue;
    }
    if (character === '"') quoted = true;
    else if (character === '(') comment++;
    else if (character === '<') {
      const end = raw.indexOf('>', position);
      if (end < 0) throw new MimeFormatError(`an address list has an unclosed '<': '${raw}'`);
      angle = raw.slice(position + 1, end);
      position = end;
    } else if (character === ':') token = '';
    else if (character === ',' || character === ';') finish();
    else token += character;
  }
  if (quoted || comment > 0) throw new MimeFormatError(`an address list has an unclosed quote or comment: '${raw}'`);
  finish();
  return addresses.map(readUtf8);
}
