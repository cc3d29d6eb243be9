import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';
import { referenceCrc32 } from './test-support/independent-webhook-verifier.js';

describe('crc32', () => {
  it('matches the published check values', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });

  it('is unsigned even when the top bit is set', () => {
    const value = crc32('123456789');
    expect(value).toBeGreaterThan(2 ** 31);
    expect(String(value)).toBe('3421780262');
  });

  it('hashes strings as UTF-8', () => {
    expect(crc32('Zürich €')).toBe(referenceCrc32(Buffer.from('Zürich €', 'utf8')));
  });

  it('agrees with a bit-by-bit implementation on any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => crc32(bytes) === referenceCrc32(bytes)));
  });
});
