/**
 * The few DER (ASN.1 Distinguished Encoding Rules) encoders an X.509 certificate needs.
 * Node can parse and verify certificates but cannot create one, and no certificate library is
 * installed.
 */

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export const derSequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
export const derSet = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
export const derNull = () => Buffer.from([0x05, 0x00]);
export const derBoolean = (value: boolean) => Buffer.from([0x01, 0x01, value ? 0xff : 0x00]);
export const derOctetString = (content: Buffer) => tlv(0x04, content);
/** Context-specific primitive tag, e.g. a subjectAltName's `[2] dNSName`. */
export const derImplicitPrimitive = (tagNumber: number, content: Buffer) => tlv(0x80 | tagNumber, content);
export const derUtf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
export const derPrintableString = (text: string) => tlv(0x13, Buffer.from(text, 'ascii'));
/** Context-specific constructed tag, e.g. the `[0]` around a certificate's version. */
export const derExplicit = (tagNumber: number, content: Buffer) => tlv(0xa0 | tagNumber, content);
/** A BIT STRING whose bits fill whole bytes (no unused bits), as signatures and keys do. */
export const derBitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0x00]), bytes]));

/** A non-negative INTEGER from big-endian bytes: minimal, with a 0x00 pad if the top bit is set. */
export function derUnsignedInteger(bigEndian: Buffer): Buffer {
  let start = 0;
  while (start < bigEndian.length - 1 && bigEndian[start] === 0) start++;
  const trimmed = bigEndian.subarray(start);
  const needsPad = ((trimmed[0] ?? 0) & 0x80) !== 0;
  return tlv(0x02, needsPad ? Buffer.concat([Buffer.from([0x00]), trimmed]) : trimmed);
}

export function derObjectIdentifier(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) chunk.unshift(0x80 | (value & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime (YYMMDDHHMMSSZ), valid for years 1950-2049 as X.509 requires. */
export function derUtcTime(instant: Date): Buffer {
  const year = instant.getUTCFullYear();
  if (year < 1950 || year > 2049) throw new RangeError(`UTCTime cannot hold the year ${year}`);
  const iso = instant.toISOString();
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(text, 'ascii'));
}
