import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Client secrets at rest: AES-256-GCM with a random 96-bit IV per value. The stored text is
// versioned so the format (or key) can change later without guessing what an old row holds.
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  /** `v1:<iv>:<tag>:<ciphertext>`, each part base64url. */
  seal(plaintext: string): string;
  /** The plaintext; throws SecretBoxError for a tampered value, a wrong key or an unknown format. */
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRETS_KEY_BYTES) throw new SecretBoxError(`The secrets key must be ${SECRETS_KEY_BYTES} bytes, got ${key.length}`);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new SecretBoxError('Unknown encrypted secret format');
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('The encrypted secret cannot be decrypted with this key (wrong SECRETS_ENCRYPTION_KEY, or the value was altered)');
      }
    },
  };
}
