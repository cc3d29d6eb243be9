/**
 * A SID as AD stores it in objectSid (MS-DTYP 2.4.2.2): revision, sub-authority count, the 48-bit
 * authority big-endian, then each 32-bit sub-authority little-endian.
 */
export function sidBytes(authority: number, subAuthorities: number[]): Buffer {
  const bytes = Buffer.alloc(8 + 4 * subAuthorities.length);
  bytes[0] = 1;
  bytes[1] = subAuthorities.length;
  bytes.writeUInt16BE(Math.floor(authority / 2 ** 32), 2);
  bytes.writeUInt32BE(authority % 2 ** 32, 4);
  for (const [index, value] of subAuthorities.entries()) bytes.writeUInt32LE(value, 8 + 4 * index);
  return bytes;
}
