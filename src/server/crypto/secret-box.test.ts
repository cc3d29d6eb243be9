import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box.js';

const box = createSecretBox(randomBytes(32));

describe('secret box', () => {
  it('opens what it sealed, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (plaintext) => box.open(box.seal(plaintext)) === plaintext));
  });

  it('writes the versioned format with a fresh IV every time and no plaintext', () => {
    const secret = 'Abc8Q~0123456789abcdefghijklmnopqrstuvwx';
    const first = box.seal(secret);
    const second = box.seal(secret);
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(Buffer.from(first.split(':')[3]!, 'base64url').toString('utf8')).not.toContain('8Q~');
  });

  it('refuses a value sealed under another key', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => other.open(box.seal('secret'))).toThrow(SecretBoxError);
  });

  it('refuses a tampered ciphertext or tag', () => {
    const [version, iv, tag, ciphertext] = box.seal('a secret value').split(':') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow(SecretBoxError);
    const badTag = Buffer.from(tag, 'base64url');
    badTag[0] = badTag[0]! ^ 1;
    expect(() => box.open([version, iv, badTag.toString('base64url'), ciphertext].join(':'))).toThrow(SecretBoxError);
  });

  it('refuses unknown formats and wrong key sizes', () => {
    expect(() => box.open('plain-text-secret')).toThrow('Unknown encrypted secret format');
    expect(() => box.open(`v2:${box.seal('x').slice(3)}`)).toThrow('Unknown encrypted secret format');
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});
