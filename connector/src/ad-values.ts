// Conversions of what a domain controller hands out into the wire's forms (docs/connector.md
// §What it sends). Nothing here computes a date: 64-bit values stay the decimal text the DC sent.

const INT64_DECIMAL = /^-?(0|[1-9][0-9]{0,18})$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** objectSid's binary form (MS-DTYP 2.4.2.2) as the S-1-... text Graph's onPremisesSecurityIdentifier holds. */
export function sidFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 8) throw new Error(`objectSid has ${bytes.length} bytes; a SID has at least 8`);
  const revision = bytes[0]!;
  const subAuthorityCount = bytes[1]!;
  if (bytes.length !== 8 + 4 * subAuthorityCount) {
    throw new Error(`objectSid has ${bytes.length} bytes but announces ${subAuthorityCount} sub-authorities`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The identifier authority is 48 bits, big-endian; MS-DTYP writes it in hex from 2^32 on.
  const authority = (BigInt(view.getUint16(2)) << 32n) | BigInt(view.getUint32(4));
  const authorityText = authority < 2n ** 32n ? authority.toString() : `0x${authority.toString(16).toUpperCase().padStart(12, '0')}`;
  const subAuthorities: string[] = [];
  for (let index = 0; index < subAuthorityCount; index++) subAuthorities.push(view.getUint32(8 + 4 * index, true).toString());
  return ['S', revision, authorityText, ...subAuthorities].join('-');
}

/** objectGUID as base64 of its 16 raw bytes: the form Entra Connect puts in onPremisesImmutableId. */
export function guidBase64(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error(`objectGUID has ${bytes.length} bytes; a GUID has 16`);
  return Buffer.from(bytes).toString('base64');
}

/**
 * A 64-bit AD integer (FILETIME, or an interval such as maxPwdAge) exactly as the DC wrote it.
 * Checked with BigInt and returned unchanged: it is never turned into a JS number, which would
 * round anything above 2^53.
 */
export function int64Text(text: string, attribute: string): string {
  const trimmed = text.trim();
  if (!INT64_DECIMAL.test(trimmed)) throw new Error(`${attribute} is not a 64-bit integer: ${JSON.stringify(text)}`);
  const value = BigInt(trimmed);
  if (value < INT64_MIN || value > INT64_MAX) throw new Error(`${attribute} is outside the 64-bit range: ${text}`);
  return trimmed;
}

/** userAccountControl, a 32-bit flag set, as the JSON number the wire carries. */
export function int32(text: string, attribute: string): number {
  const trimmed = text.trim();
  if (!/^-?[0-9]{1,10}$/.test(trimmed)) throw new Error(`${attribute} is not a 32-bit integer: ${JSON.stringify(text)}`);
  const value = Number(trimmed);
  if (value < -(2 ** 31) || value > 2 ** 32 - 1) throw new Error(`${attribute} is outside the 32-bit range: ${text}`);
  return value;
}

/** The DNS name of a domain from its naming context: DC=corp,DC=contoso,DC=com → corp.contoso.com. */
export function dnsNameFromBaseDn(baseDn: string): string {
  const labels = baseDn
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^dc=/i.test(part))
    .map((part) => part.slice(3));
  if (labels.length === 0) throw new Error(`${baseDn} names no DC= components, so it is not a domain's naming context`);
  return labels.join('.').toLowerCase();
}
