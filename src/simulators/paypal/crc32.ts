/**
 * CRC-32 (IEEE 802.3, the zlib/PNG polynomial) of a byte string, as an unsigned integer.
 * PayPal signs `crc32(raw body)` in decimal; Node 20 has no zlib.crc32, so it is computed here.
 */
const TABLE = buildTable();

function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

export function crc32(bytes: Uint8Array | string): number {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  let crc = 0xffffffff;
  for (const byte of data) crc = (TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
